// Texts of the checkout. The three error messages are the spec's, word for word.
export const checkout = {
  detailsHeading: 'Your details',
  fields: {
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
  },
  continueLabel: 'Continue to payment',
  paymentHeading: 'Payment',
  summaryHeading: 'Your order',
  editDetailsLabel: 'Edit details',
  totalLabel: 'Total',
  emptyCart: 'Your cart is empty, so there is nothing to pay for yet.',
  emptyCartLink: 'Browse the presets',
  retryLabel: 'Try again',
  capturedNote: 'Your payment was received. We are sending your confirmation and download links.',
  messages: {
    confirmationFailed: 'Failed to send order confirmation. Please try again.',
    providerError: 'An error occurred with PayPal. Please try again.',
    scriptFailed: 'Failed to load the PayPal JS SDK script.',
  },
};
