import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { checkoutCopy, site } from '@/lib/content';
import { formatPrice } from '@/lib/money';
import type { AppliedDiscount, OrderLine } from '@/lib/order';
import { html, markup } from './html';
import type { Fields } from './log';
import { isOneAddress } from './paypal';

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
  from: string;
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
        await transport.sendMail({ from: options.from, ...oneRecipient(message) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let count = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...oneRecipient(message) });
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
};

export type DownloadLink = { name: string; url: string };

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const paragraph = 'margin:0 0 16px;line-height:1.5';

const greeting = (order: OrderSummary) =>
  order.customer.name ? `Thank you, ${order.customer.name}` : 'Thank you';

/** The buyer's e-mail: order, items, total, one download link per pack, license terms. */
export function buyerEmail(
  order: OrderSummary,
  links: DownloadLink[],
  expiresAt: number,
  downloadLimit: number,
  /** The site's page where a buyer asks for fresh links. */
  freshLinksUrl: string,
): Message {
  const price = (cents: number) => formatPrice(cents, order.currency);
  const expiry = `${dateFormat.format(expiresAt)} UTC`;
  const terms = `Each link works ${downloadLimit} times until ${expiry}.`;
  const subject = `Your presets from ${site.name} (order ${order.orderId})`;
  return {
    to: order.customer.email,
    replyTo: site.email,
    subject,
    html: markup(
      html`<!doctype html>
        <html lang="en">
          <body
            style="font-family:Georgia,serif;color:#2b211c;max-width:560px;margin:0 auto;padding:24px"
          >
            <h1 style="font-weight:normal">${greeting(order)}</h1>
            <p style="${paragraph}">
              Your payment for order <strong>${order.orderId}</strong> is complete. Here are your
              presets.
            </p>
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
                  <td style="padding:6px 0;border-bottom:1px solid #e5d9cc">
                    Discount (${order.discount.code})
                  </td>
                  <td style="padding:6px 0;border-bottom:1px solid #e5d9cc;text-align:right">
                    −${price(order.discount.cents)}
                  </td>
                </tr>`
              }
              <tr>
                <td style="padding:6px 0"><strong>Total</strong></td>
                <td style="padding:6px 0;text-align:right">
                  <strong>${price(order.totalCents)}</strong>
                </td>
              </tr>
            </table>
            <h2 style="font-weight:normal">Your downloads</h2>
            <ul>
              ${links.map((link) => html`<li style="margin:0 0 8px"><a href="${link.url}">Download ${link.name}</a></li>`)}
            </ul>
            <p style="${paragraph}">${terms}</p>
            <h2 style="font-weight:normal">License</h2>
            ${checkoutCopy.license.map((term) => html`<p style="${paragraph}">${term}</p>`)}
            <p style="${paragraph}">
              Need fresh links later? Ask for them at
              <a href="${freshLinksUrl}">${freshLinksUrl}</a> with your order id. Questions? Reply
              to this e-mail or write to ${site.email}.
            </p>
            <p style="${paragraph}">${site.name}</p>
          </body>
        </html>`,
    ),
    text: [
      greeting(order),
      '',
      `Your payment for order ${order.orderId} is complete. Here are your presets.`,
      '',
      ...order.lines.map((line) => `- ${line.name}: ${price(line.priceCents)}`),
      ...(order.discount
        ? [`Discount (${order.discount.code}): −${price(order.discount.cents)}`]
        : []),
      `Total: ${price(order.totalCents)}`,
      '',
      'Your downloads:',
      ...links.map((link) => `${link.name}: ${link.url}`),
      '',
      terms,
      '',
      'License:',
      ...checkoutCopy.license,
      '',
      `Need fresh links later? Ask for them at ${freshLinksUrl} with your order id.`,
      `Questions? Reply to this e-mail or write to ${site.email}.`,
      site.name,
    ].join('\n'),
  };
}

/**
 * An e-mail to the studio: a heading or intro, then a table of labelled values. In the text part a
 * multi-line value (an address) is quoted line by line, so none of it can pose as ours.
 */
function studioNotice(
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
