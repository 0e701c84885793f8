// The checkout's words (content/checkout.json): its steps, fields, errors and receipt.
import { z } from 'zod';
import { template, text } from '@/lib/fields';

export const checkoutSchema = z.object({
  detailsHeading: text,
  fields: z.object({ name: text, email: text, phone: text, address: text }),
  continueLabel: text,
  /** The heading of the list of what Continue found wrong. */
  errorSummary: text,
  paymentHeading: text,
  summaryHeading: text,
  editDetailsLabel: text,
  totalLabel: text,
  emptyCart: text,
  emptyCartLink: text,
  retryLabel: text,
  capturedNote: text,
  cartNote: text,
  discount: z.object({
    label: text,
    apply: text,
    remove: text,
    line: text,
    applied: text,
    changed: text,
    messages: z.object({
      unknown: text,
      expired: text,
      'used-up': text,
      minimum: text,
      'not-applicable': text,
      unreachable: text,
    }),
  }),
  orderDescription: text.max(127, 'must be at most 127 characters (PayPal shows no more)'),
  receipt: z.object({
    discountLabel: text,
    paidLabel: text,
    emailSentTo: text,
    /** The payment is pending at PayPal: the links are e-mailed when it completes. */
    pending: template('email'),
    spamHint: text,
    downloadsHeading: text,
    downloadLabel: text,
    /** "Each link gives 5 downloads over 7 days, until": the pack page's words for the links. */
    linksNote: template('downloads', 'days'),
    /** The pointer to the install guide under the downloads. */
    guideNote: text,
    /** Before the order's id (and what was paid), at the top of the receipt. */
    orderLabel: text,
  }),
  recovered: z.object({ message: text, link: text, dismiss: text }),
  downloadPage: z.object({
    heading: text,
    button: text,
    validUntil: text,
    downloadsLeft: text,
    help: text,
  }),
  /** The buyer's order e-mail, which the order service sends (published in /catalog.json). */
  email: z.object({
    subject: template('orderId'),
    greeting: template('name'),
    greetingNoName: text,
    intro: template('orderId'),
    discountLabel: text,
    totalLabel: text,
    downloadsHeading: text,
    downloadLabel: template('name'),
    terms: template('limit', 'expiry'),
    licenseHeading: text,
    freshLinks: template('url'),
    questions: template('email'),
  }),
  /** The delivery e-mail's links to review each pack, and the one reminder (the order service). */
  reviewEmail: z.object({
    heading: text,
    intro: text,
    label: template('name'),
    reminderSubject: template('orderId'),
    reminderGreeting: template('name'),
    reminderIntro: template('studio'),
    reminderOff: text,
  }),
  resend: z.object({
    heading: text,
    /** What the links give, in the pack pages' words: {downloads} and {days} are filled in. */
    intro: template('downloads', 'days'),
    orderLabel: text,
    emailLabel: text,
    submitLabel: text,
    sent: text,
    failed: text,
  }),
  allOrders: z.object({
    heading: text,
    intro: text,
    emailLabel: text,
    submitLabel: text,
    sent: text,
    failed: text,
  }),
  messages: z.object({
    confirmationFailed: text,
    providerError: text,
    scriptFailed: text,
    /** The order service cannot be reached: said before any payment button is offered. */
    serviceDown: text,
    /** Paid, but the order could not be delivered by itself: the studio takes it from here. */
    paidNotDelivered: template('email', 'orderId'),
    /** The page showed older prices than the shop's: what changed, then the new total. */
    pricesChanged: text,
    priceChanged: template('name', 'price'),
    packWithdrawn: template('name'),
    /** A pack whose file the studio has not put in place yet: nothing was charged. */
    packUnavailable: template('names'),
    /** Packs in the cart on their own and in a bundle too: taken out, so nothing is paid twice. */
    packInBundle: template('names'),
    /** After packInBundle: a bundle that holds every pack of the order for less. */
    cheaperBundle: template('bundle', 'price'),
    /** The code's last use went to another buyer while this one paid: nothing was charged. */
    codeTaken: text,
    /** The payment went back before the order was delivered. */
    refunded: text,
  }),
  loadingCart: text,
  loadingPayPal: text,
});

export type CheckoutCopy = z.output<typeof checkoutSchema>;
