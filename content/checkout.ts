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
  // Under the cart panel's subtotal. Packs are downloads: there is no shipping to add.
  cartNote: 'Discount codes are added at checkout.',
  // The code field on the payment step, and what it says when a code does not apply.
  discount: {
    label: 'Discount code',
    apply: 'Apply',
    remove: 'Remove',
    line: 'Discount',
    applied: 'Code applied.',
    changed: 'Your cart changed, so the code was taken off. Apply it again.',
    messages: {
      unknown: 'We do not know this code. Please check its spelling.',
      expired: 'This code has expired.',
      'used-up': 'This code has been used as many times as it allows.',
      minimum: 'This code needs a larger order.',
      'not-applicable': 'This code does not apply to the packs in your cart.',
      unreachable: 'We could not check the code. Please try again in a moment.',
    },
  },
  // What the buyer's PayPal receipt says was bought (PayPal shows at most 127 characters).
  orderDescription: 'Lightroom presets from Saanjh Studio',
  // The thank-you page, right after paying: the downloads at once, and where the e-mail went.
  receipt: {
    discountLabel: 'Discount',
    paidLabel: 'Paid',
    emailSentTo: 'Your confirmation and download links are on their way to',
    spamHint:
      'If the e-mail is not in your inbox within a few minutes, look in your spam or promotions folder.',
    downloadsHeading: 'Your downloads',
    downloadLabel: 'Download',
    linksNote: 'Each link works a few times until',
  },
  // The page a download link in the e-mail opens (the service renders it).
  downloadPage: {
    heading: 'Your preset download',
    button: 'Download',
    validUntil: 'This link works until',
    downloadsLeft: 'downloads left',
    help: 'Trouble downloading? Reply to your order e-mail and we will help.',
  },
  // Shown on any page when the site finishes an order whose confirmation was interrupted.
  recovered: {
    message: 'Your earlier order is confirmed, and its download links are in your e-mail.',
    link: 'See your downloads',
    dismiss: 'Dismiss',
  },
  // The license sent with every order, in the e-mail and inside each pack.
  license: [
    'Each pack is licensed to the buyer named on the order, for use on their own photographs, personal and commercial.',
    'You may not share, resell, give away or republish the presets, alone or inside another product.',
    'Download links expire and allow a limited number of downloads; ask for fresh links at any time.',
  ],
  // The form on the thank-you page that sends fresh download links for a paid order.
  resend: {
    heading: 'Need your download links again?',
    intro:
      'Links expire after a week and allow a few downloads. Enter your order id (it is in your confirmation e-mail) or the transaction id from your PayPal receipt, and the e-mail address you paid with, and we will send fresh ones.',
    orderLabel: 'Order or transaction id',
    emailLabel: 'Email',
    submitLabel: 'Send fresh links',
    sent: 'If that order was paid with this address, fresh links are on their way. Check your inbox.',
    failed: 'We could not reach our server. Please try again in a moment.',
  },
  // The form that e-mails every order of an address to that address.
  allOrders: {
    heading: 'Lost your order id?',
    intro:
      'Enter the e-mail address you paid with, and we will send every order of that address to it, with fresh download links.',
    emailLabel: 'Email',
    submitLabel: 'E-mail my orders',
    sent: 'If we have orders for this address, they are on their way to it. Check your inbox.',
    failed: 'We could not reach our server. Please try again in a moment.',
  },
  messages: {
    confirmationFailed: 'Failed to send order confirmation. Please try again.',
    providerError: 'An error occurred with PayPal. Please try again.',
    scriptFailed: 'Failed to load the PayPal JS SDK script.',
  },
};
