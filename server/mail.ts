import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import type { Member } from '@/lib/shared/cart';
import type { AppliedDiscount, OrderLine } from '@/lib/shared/order';
import { licenceLines, type SaleTerms, type ShopCatalog } from '@/lib/shared/shop-catalog';
import { html, markup } from './html';
import type { Fields } from './log';
import { isOneAddress } from './paypal-orders';

export type Message = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Fixed when the message is queued, so that a copy sent again after a crash is recognisable. */
  messageId?: string;
};

export type Mailer = { send(message: Message): Promise<void>; close?(): void };

/** SMTP connections the service keeps open at once. */
export const SMTP_CONNECTIONS = 5;

/**
 * The message, checked to go to one inbox: an address that is not exactly one plain address (a
 * list, a group, a display name) is never sent to.
 */
function oneRecipient(message: Message) {
  if (!isOneAddress(message.to)) throw new Error('The recipient is not one e-mail address.');
  return message;
}

/**
 * Sends over SMTP when a URL is set; otherwise writes each message as an .eml file into the
 * outbox folder, which any mail program opens (local development).
 */
export function createMailer(options: {
  smtpUrl: string | null;
  outboxDir: string;
  /** The sender, asked at each send (it may come from the catalogue). */
  from: () => string;
  log: (fields: Fields) => void;
}): Mailer {
  if (options.smtpUrl) {
    // A pool keeps connections open between messages, several at once, instead of one
    // connection (and TLS handshake) per e-mail.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from(), ...oneRecipient(message) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let count = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from(), ...oneRecipient(message) });
      mkdirSync(options.outboxDir, { recursive: true });
      count += 1;
      const file = path.join(options.outboxDir, `${Date.now()}-${count}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log({ msg: 'e-mail written to the outbox', file });
    },
  };
}

export type OrderSummary = {
  orderId: string;
  customer: { name: string; email: string; phone: string; address: string };
  lines: OrderLine[];
  /** What was paid. */
  totalCents: number;
  currency: string;
  discount: AppliedDiscount | null;
  /** The terms of sale the order was made under, repeated in its e-mails (null: none recorded). */
  terms: SaleTerms | null;
};

export type DownloadLink = { name: string; url: string };

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const paragraph = 'margin:0 0 16px;line-height:1.5';

/** A sentence of content with a link in the place of its {url}. */
const withLink = (sentence: string, url: string) => {
  const [before, after = ''] = sentence.split('{url}');
  return html`${before}<a href="${url}">${url}</a>${after}`;
};

/**
 * The buyer's e-mail: order, items, total, one download link per pack, license terms. Its words
 * are the catalogue's (content/checkout.json `email`), each written once for both parts.
 */
export function buyerEmail(
  catalog: Pick<ShopCatalog, 'studio' | 'copy'>,
  order: OrderSummary,
  links: DownloadLink[],
  expiresAt: number,
  downloadLimit: number,
  /** The site's page where a buyer asks for fresh links. */
  freshLinksUrl: string,
): Message {
  const { studio } = catalog;
  const copy = catalog.copy.email;
  const price = (cents: number) => formatPrice(cents, order.currency);
  const say = (template: string, values: Record<string, string | number> = {}) =>
    fillIn(template, { studio: studio.name, orderId: order.orderId, ...values });
  const greeting = order.customer.name
    ? say(copy.greeting, { name: order.customer.name })
    : say(copy.greetingNoName);
  const intro = say(copy.intro);
  const discount = order.discount && `${copy.discountLabel} (${order.discount.code})`;
  const download = (link: DownloadLink) => say(copy.downloadLabel, { name: link.name });
  const terms = say(copy.terms, {
    limit: downloadLimit,
    expiry: `${dateFormat.format(expiresAt)} UTC`,
  });
  const questions = say(copy.questions, { email: studio.email });
  // The terms the order was made under (orders.terms), not today's; older orders: the catalogue's.
  const licence = order.terms ? licenceLines(order.terms) : catalog.copy.license;
  const licenceHeading = order.terms
    ? `${copy.licenseHeading} (${order.terms.version})`
    : copy.licenseHeading;
  const refund = order.terms?.refund;
  return {
    to: order.customer.email,
    replyTo: studio.email,
    subject: say(copy.subject),
    html: markup(
      html`<!doctype html>
        <html lang="en">
          <body
            style="font-family:Georgia,serif;color:#2b211c;max-width:560px;margin:0 auto;padding:24px"
          >
            <h1 style="font-weight:normal">${greeting}</h1>
            <p style="${paragraph}">${intro}</p>
            <table style="width:100%;border-collapse:collapse;margin:0 0 16px">
              ${order.lines.map(
                (line) =>
                  html`<tr>
                    <td style="padding:6px 0;border-bottom:1px solid #e5d9cc">${line.name}</td>
                    <td style="padding:6px 0;border-bottom:1px solid #e5d9cc;text-align:right">
                      ${price(line.priceCents)}
                    </td>
                  </tr>`,
              )}
              ${
                order.discount &&
                html`<tr>
                  <td style="padding:6px 0;border-bottom:1px solid #e5d9cc">${discount}</td>
                  <td style="padding:6px 0;border-bottom:1px solid #e5d9cc;text-align:right">
                    −${price(order.discount.cents)}
                  </td>
                </tr>`
              }
              <tr>
                <td style="padding:6px 0"><strong>${copy.totalLabel}</strong></td>
                <td style="padding:6px 0;text-align:right">
                  <strong>${price(order.totalCents)}</strong>
                </td>
              </tr>
            </table>
            <h2 style="font-weight:normal">${copy.downloadsHeading}</h2>
            <ul>
              ${links.map((link) => html`<li style="margin:0 0 8px"><a href="${link.url}">${download(link)}</a></li>`)}
            </ul>
            <p style="${paragraph}">${terms}</p>
            ${refund && html`<p style="${paragraph}">${refund}</p>`}
            <h2 style="font-weight:normal">${licenceHeading}</h2>
            ${licence.map((term) => html`<p style="${paragraph}">${term}</p>`)}
            <p style="${paragraph}">
              ${withLink(say(copy.freshLinks), freshLinksUrl)} ${questions}
            </p>
            <p style="${paragraph}">${studio.name}</p>
          </body>
        </html>`,
    ),
    text: [
      greeting,
      '',
      intro,
      '',
      ...order.lines.map((line) => `- ${line.name}: ${price(line.priceCents)}`),
      ...(order.discount ? [`${discount}: −${price(order.discount.cents)}`] : []),
      `${copy.totalLabel}: ${price(order.totalCents)}`,
      '',
      `${copy.downloadsHeading}:`,
      ...links.map((link) => `${link.name}: ${link.url}`),
      '',
      terms,
      ...(refund ? [refund] : []),
      '',
      `${licenceHeading}:`,
      ...licence,
      '',
      say(copy.freshLinks, { url: freshLinksUrl }),
      questions,
      studio.name,
    ].join('\n'),
  };
}

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
      ...rows.map(([label, value]) =>
        value.includes('\n')
          ? `${label}:\n${value
              .split('\n')
              .map((line) => `> ${line}`)
              .join('\n')}`
          : `${label}: ${value}`,
      ),
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
    `New preset order ${order.orderId}: ${price(order.totalCents)}`,
    { heading: 'New preset order' },
    rows,
    email,
  );
}

/** Tells the studio that an order's payment went back. */
export function refundNotice(orderId: string, why: string, full: boolean, to: string): Message {
  const text = full
    ? `PayPal reports ${why} for order ${orderId}. Its download links no longer work.`
    : `PayPal reports ${why} for order ${orderId}, for part of its amount. Its links still work.`;
  return studioNotice(
    to,
    `Order ${orderId} ${full ? 'refunded' : 'partly refunded'}`,
    { text },
    [],
  );
}

/** Tells the studio that PayPal took a payment the service could not deliver by itself. */
export function refusedNotice(orderId: string, reason: string, email: string | null, to: string) {
  return studioNotice(
    to,
    `Paid order ${orderId} needs you: not delivered`,
    {
      text: 'PayPal took the payment for this order, but it does not match what the shop sells, so no links were sent. Please deliver the packs by hand or refund the payment in PayPal, and write to the buyer.',
    },
    [
      ['Order', orderId],
      ['Buyer', email ?? '(unknown: see the payment in PayPal)'],
      ['Why', reason],
    ],
  );
}

/** Tells the studio that packs sold on the site cannot be sold: their files are not in place. */
export function packsMissingNotice(packs: readonly Member[], packsDir: string, to: string) {
  return studioNotice(
    to,
    `Packs not for sale yet: ${packs.map((pack) => pack.name).join(', ')}`,
    {
      text: `The site sells these packs, but their files are not in the packs folder, so every order of them is refused before payment (nothing is charged). Put each file in place as <slug>.zip.`,
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

/** An SMTP error for logs and the outbox: the relayed server reply without e-mail addresses. */
export function scrubAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '<address>');
}
