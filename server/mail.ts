import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { checkoutCopy, site } from '@/lib/content';
import { formatPrice } from '@/lib/money';
import type { Pack } from './catalog';
import { html } from './html';
import type { Fields } from './log';

export type Message = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
};

export type Mailer = { send(message: Message): Promise<void> };

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
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let count = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
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
  packs: Pack[];
  totalCents: number;
  currency: string;
};

export type DownloadLink = { pack: Pack; url: string };

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const paragraph = 'margin:0 0 16px;line-height:1.5';

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
    html: html`<!doctype html>
      <html lang="en">
        <body
          style="font-family:Georgia,serif;color:#2b211c;max-width:560px;margin:0 auto;padding:24px"
        >
          <h1 style="font-weight:normal">Thank you, ${order.customer.name}</h1>
          <p style="${paragraph}">
            Your payment for order <strong>${order.orderId}</strong> is complete. Here are your
            presets.
          </p>
          <table style="width:100%;border-collapse:collapse;margin:0 0 16px">
            ${order.packs.map(
              (pack) =>
                html`<tr>
                  <td style="padding:6px 0;border-bottom:1px solid #e5d9cc">${pack.name}</td>
                  <td style="padding:6px 0;border-bottom:1px solid #e5d9cc;text-align:right">
                    ${price(pack.priceCents)}
                  </td>
                </tr>`,
            )}
            <tr>
              <td style="padding:6px 0"><strong>Total</strong></td>
              <td style="padding:6px 0;text-align:right">
                <strong>${price(order.totalCents)}</strong>
              </td>
            </tr>
          </table>
          <h2 style="font-weight:normal">Your downloads</h2>
          <ul>
            ${links.map((link) => html`<li style="margin:0 0 8px"><a href="${link.url}">Download ${link.pack.name}</a></li>`)}
          </ul>
          <p style="${paragraph}">${terms}</p>
          <h2 style="font-weight:normal">License</h2>
          ${checkoutCopy.license.map((term) => html`<p style="${paragraph}">${term}</p>`)}
          <p style="${paragraph}">
            Need fresh links later? Ask for them at
            <a href="${freshLinksUrl}">${freshLinksUrl}</a> with your order id. Questions? Reply to
            this e-mail or write to ${site.email}.
          </p>
          <p style="${paragraph}">${site.name}</p>
        </body>
      </html>`.value,
    text: [
      `Thank you, ${order.customer.name}`,
      '',
      `Your payment for order ${order.orderId} is complete. Here are your presets.`,
      '',
      ...order.packs.map((pack) => `- ${pack.name}: ${price(pack.priceCents)}`),
      `Total: ${price(order.totalCents)}`,
      '',
      'Your downloads:',
      ...links.map((link) => `${link.pack.name}: ${link.url}`),
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

/** The studio's copy of a new order, with the buyer's details and no download links. */
export function studioEmail(order: OrderSummary, to: string): Message {
  const price = (cents: number) => formatPrice(cents, order.currency);
  const { name, email, phone, address } = order.customer;
  const rows: [string, string][] = [
    ['Order', order.orderId],
    ['Name', name],
    ['E-mail', email],
    ['Phone', phone],
    ['Address', address],
    ['Items', order.packs.map((pack) => pack.name).join(', ')],
    ['Total', price(order.totalCents)],
  ];
  return {
    to,
    replyTo: email,
    subject: `New preset order ${order.orderId}: ${price(order.totalCents)}`,
    html: html`<!doctype html>
      <html lang="en">
        <body style="font-family:sans-serif">
          <h1>New preset order</h1>
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
      </html>`.value,
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}
