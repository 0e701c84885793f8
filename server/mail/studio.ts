// The studio's e-mails: its copy of each order, and every notice that asks it to act.
import { formatPrice } from '@/lib/shared/money';
import type { Member } from '@/lib/shared/order';
import type { ReviewFields } from '@/lib/shared/review';
import { html, markup } from './html';
import { dateFormat, type Message } from './transport';
import type { OrderSummary } from './buyer';

/**
 * An e-mail to the studio: a heading or intro, then a table of labelled values. In the text part a
 * multi-line value (an address) is quoted line by line, so none of it can pose as ours.
 */
export function studioNotice(
  to: string,
  subject: string,
  intro: { heading?: string; text?: string },
  rows: [string, string][],
  replyTo?: string,
): Message {
  return {
    to,
    ...(replyTo ? { replyTo } : {}),
    subject,
    html: markup(
      html`<!doctype html>
        <html lang="en">
          <body style="font-family:sans-serif">
            ${intro.heading && html`<h1>${intro.heading}</h1>`}
            ${intro.text && html`<p>${intro.text}</p>`}
            <table>
              ${rows.map(
                ([label, value]) =>
                  html`<tr>
                    <th style="text-align:left;padding-right:12px">${label}</th>
                    <td>${value}</td>
                  </tr>`,
              )}
            </table>
          </body>
        </html>`,
    ),
    text: [
      ...(intro.text ? [intro.text, ''] : []),
      ...rows.map(([label, value]) => {
        // Every kind of line break (a lone CR too) starts a quoted line: none can pose as ours.
        const lines = value.split(/\r\n|[\r\n\u2028\u2029\v\f\u0085]/);
        return lines.length > 1
          ? `${label}:\n${lines.map((line) => `> ${line}`).join('\n')}`
          : `${label}: ${value}`;
      }),
    ].join('\n'),
  };
}

/** The studio's copy of a new order, with the buyer's details and no download links. */
export function studioEmail(order: OrderSummary, to: string): Message {
  const price = (cents: number) => formatPrice(cents, order.currency);
  const { name, email, phone, address } = order.customer;
  const rows: [string, string][] = [
    ['Order', order.orderId],
    ['Name', name],
    ['E-mail', email],
    ['Phone', phone || '(not given: paid without the checkout page)'],
    ['Address', address || '(not given)'],
    ['Items', order.lines.map((line) => line.name).join(', ')],
    ...(order.discount
      ? [
          ['Discount', `${order.discount.code}: −${price(order.discount.cents)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Total', price(order.totalCents)],
  ];
  return studioNotice(
    to,
    `New order ${order.orderId}: ${price(order.totalCents)}`,
    { heading: 'New order' },
    rows,
    email,
  );
}

/** Tells the studio that an order's payment went back (and which of its reviews are withdrawn). */
export function refundNotice(
  orderId: string,
  why: string,
  full: boolean,
  to: string,
  reviews: readonly string[] = [],
): Message {
  const text = full
    ? `PayPal reports ${why} for order ${orderId}. Its download links no longer work.${reviews.length > 0 ? ' Its reviews are withdrawn from the site (marked in their files, kept off every page from the next deploy).' : ''}`
    : `PayPal reports ${why} for order ${orderId}, for part of its amount. Its links still work.`;
  return studioNotice(
    to,
    `Order ${orderId} ${full ? 'refunded' : 'partly refunded'}`,
    { text },
    reviews.map((file): [string, string] => ['Review withdrawn', `content/reviews/${file}`]),
  );
}

/** Tells the studio that PayPal took a payment the service could not deliver by itself. */
export function refusedNotice(
  orderId: string,
  reason: string,
  email: string | null,
  to: string,
  /** What PayPal took, when known ("$39.99 USD"). */
  paid?: string,
) {
  return studioNotice(
    to,
    `Paid order ${orderId} needs you: not delivered`,
    {
      text: 'PayPal took the payment for this order, but the service could not deliver it by itself, so no links were sent; the buyer was told that you will write. Please deliver the packs by hand or refund the payment in PayPal, and write to the buyer.',
    },
    [
      ['Order', orderId],
      ['Paid', paid ?? '(see the payment in PayPal)'],
      ['Buyer', email ?? '(unknown: see the payment in PayPal)'],
      ['Why', reason],
    ],
  );
}

/**
 * Tells the studio that a paid order was delivered with a discount code past its limit: its
 * payment was pending at PayPal (an e-check, a review) while the code's last use went elsewhere.
 */
export function codePastLimitNotice(order: OrderSummary, code: string, to: string) {
  return studioNotice(
    to,
    `Code ${code} used once past its limit (order ${order.orderId})`,
    {
      text: `Order ${order.orderId} was paid with ${code}, but PayPal completed its payment only after the code's last use had gone to another order (the payment was pending: an e-check, or a review). A payment PayPal completed is always delivered at the price the buyer paid, so the code was used once more than its limit. Nothing needs doing unless you want to raise the limit or disable the code.`,
    },
    [
      ['Order', order.orderId],
      ['Code', code],
      ['Paid', formatPrice(order.totalCents, order.currency)],
      ['Buyer', order.customer.email],
    ],
  );
}

/**
 * Tells the studio that packs' files are not in place: at a sale, the packs cannot be sold yet;
 * at a download, buyers who paid for them cannot download them.
 */
export function packsMissingNotice(
  packs: readonly Member[],
  packsDir: string,
  to: string,
  when: 'sale' | 'download' = 'sale',
) {
  const names = packs.map((pack) => pack.name).join(', ');
  return studioNotice(
    to,
    when === 'sale'
      ? `Packs not for sale yet: ${names}`
      : `Paid packs cannot be downloaded: ${names}`,
    {
      text:
        when === 'sale'
          ? `The site sells these packs, but their files are not in the packs folder, so every order of them is refused before payment (nothing is charged). Put each file in place as <slug>.zip.`
          : `A buyer who paid for these packs opened a download link, but their files are not in the packs folder, so nothing was sent (the link keeps its downloads and was told you would send the file). Put each file in place as <slug>.zip, then write to the buyers who asked.`,
    },
    [
      ['Folder', packsDir],
      ...packs.map((pack): [string, string] => [pack.name, `${pack.slug}.zip`]),
    ],
  );
}

/** Tells the studio that the service prices from an old copy of the site's catalogue. */
export function catalogStaleNotice(url: string, since: number, reason: string, to: string) {
  return studioNotice(
    to,
    'The order service cannot read the shop catalogue',
    {
      text: since
        ? "The order service could not read the site's catalogue for an hour, so it still sells at the prices and packs of its last copy (a buyer whose page shows other prices is shown these before paying). Check that the site is up and publishes catalog.json."
        : "The order service has never read the site's catalogue, so it cannot take orders. Check that the site is up and publishes catalog.json, and that CATALOG_URL names it.",
    },
    [
      ['Catalogue', url],
      ['Last read', since ? `${dateFormat.format(since)} UTC` : 'never'],
      ['Error', reason],
    ],
  );
}

/** Tells the studio that an e-mail could not be delivered after every retry. */
export function alertEmail(failed: Message, orderId: string | null, reason: string, to: string) {
  return studioNotice(
    to,
    `Undelivered e-mail${orderId ? ` for order ${orderId}` : ''}`,
    {
      text: 'An e-mail could not be delivered after every retry. The buyer can still ask for fresh links on the thank-you page; please write to them yourself.',
    },
    [
      ['Order', orderId ?? '(none)'],
      ['To', failed.to],
      ['Subject', failed.subject],
      ['Last error', reason],
    ],
  );
}

/** Tells the studio of a buyer's review to read in the editor, and publish, answer or delete. */
export function reviewNotice(
  review: ReviewFields & {
    orderId: string;
    pack: string;
    file: string;
    updated: boolean;
    /** The buyer's address, for the studio's eyes only. */
    email: string;
    /** The same buyer's other reviews: the pack, when, and through which order. */
    before: { pack: string; on: number; orderId: string }[];
  },
  to: string,
) {
  return studioNotice(
    to,
    `${review.updated ? 'Review changed' : 'New review'}: ${review.pack}, ${review.rating}/5`,
    {
      text: `A buyer ${review.updated ? 'changed their' : 'wrote a'} review. It waits in the editor's Reviews, unpublished: publish it, answer it or delete it there.`,
    },
    [
      ['Pack', review.pack],
      ['Rating', `${review.rating}/5`],
      ['Title', review.title],
      ['Review', review.text],
      ['Name shown', review.name],
      ['Buyer', review.email],
      ['Order', review.orderId],
      ['File', `content/reviews/${review.file}`],
      [
        'Reviewed before',
        review.before.length === 0
          ? 'No: their first review'
          : review.before
              .map(
                (earlier) =>
                  `${earlier.pack} on ${new Date(earlier.on).toISOString().slice(0, 10)} (order ${earlier.orderId})`,
              )
              .join('; '),
      ],
    ],
  );
}
