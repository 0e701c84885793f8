// The buyer's e-mails: the order with its download links (and, per pack, a link to review it).
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import type { AppliedDiscount, OrderLine } from '@/lib/shared/order';
import { licenceLines, type SaleTerms, type ShopCatalog } from '@/lib/node/shop-catalog';
import { statementLines, type TaxStatement } from '@/lib/shared/tax';
import { html, markup } from './html';
import { dateFormat, type Message } from './transport';

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
  /** The tax its total includes (null: none, or an order from before tax). */
  tax: TaxStatement | null;
  /** The buyer's time zone, where the checkout gave it: times are given in it beside UTC. */
  timeZone?: string | null;
};

/**
 * "December 6, 2026 at 4:49 PM Central European Standard Time (3:49 PM UTC)": a time in the
 * buyer's time zone, where the checkout gave one, with UTC beside it; else UTC alone.
 */
export function inBuyersTime(at: number, timeZone: string | null | undefined): string {
  const utc = `${dateFormat.format(at)} UTC`;
  if (!timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC') return utc;
  try {
    const local = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'long',
      timeZone,
    }).format(at);
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
    return `${local} (${time.format(at)} UTC)`;
  } catch {
    return utc;
  }
}

/** A pack's link, with what it delivers in the buyer's words where the catalogue says it. */
export type DownloadLink = { name: string; url: string; files?: string };

const paragraph = 'margin:0 0 16px;line-height:1.5';

/**
 * A letter to the buyer, in both parts: the greeting, the first paragraph, what follows, and the
 * studio's name to sign it.
 */
export function letter(
  studio: { name: string },
  greeting: string,
  intro: string,
  body: { html: ReturnType<typeof html>; text: string[] },
) {
  return {
    html: markup(
      html`<!doctype html>
        <html lang="en">
          <body
            style="font-family:Georgia,serif;color:#2b211c;max-width:560px;margin:0 auto;padding:24px"
          >
            <h1 style="font-weight:normal">${greeting}</h1>
            <p style="${paragraph}">${intro}</p>
            ${body.html}
            <p style="${paragraph}">${studio.name}</p>
          </body>
        </html>`,
    ),
    text: [greeting, '', intro, '', ...body.text, studio.name].join('\n'),
  };
}

/** A sentence of content with a link in the place of its {url}. */
export const withLink = (sentence: string, url: string) => {
  const [before, after = ''] = sentence.split('{url}');
  return html`${before}<a href="${url}">${url}</a>${after}`;
};

/**
 * The buyer's e-mail: order, items, total, one download link per pack, license terms. Its words
 * are the catalogue's (content/checkout.json `email`), each written once for both parts.
 */
export function buyerEmail(
  catalog: Pick<ShopCatalog, 'studio' | 'copy' | 'tax'>,
  order: OrderSummary,
  links: DownloadLink[],
  expiresAt: number,
  downloadLimit: number,
  /** The site's page where a buyer asks for fresh links. */
  freshLinksUrl: string,
  /** Per pack, its review page (none: the catalogue has no words for them). */
  reviews: DownloadLink[] = [],
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
  // "VAT 19 % (Germany) included: $6.38" and the scheme's number, in the catalogue's words.
  const taxWords = catalog.tax?.words;
  const taxLines = order.tax && taxWords ? statementLines(taxWords, order.tax, order.currency) : [];
  const terms = say(copy.terms, {
    limit: downloadLimit,
    expiry: inBuyersTime(expiresAt, order.timeZone),
  });
  const questions = say(copy.questions, { email: studio.email });
  // The terms the order was made under (orders.terms), not today's; older orders: the catalogue's.
  const licence = order.terms ? licenceLines(order.terms) : catalog.copy.license;
  const licenceHeading = order.terms
    ? `${copy.licenseHeading} (${order.terms.version})`
    : copy.licenseHeading;
  const refund = order.terms?.refund;
  const review = reviewSection(catalog, reviews);
  return {
    to: order.customer.email,
    replyTo: studio.email,
    subject: say(copy.subject),
    ...letter(studio, greeting, intro, {
      html: html`<table style="width:100%;border-collapse:collapse;margin:0 0 16px">
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
        ${
          taxLines.length > 0 &&
          html`<p style="${paragraph};color:#6b5d52;font-size:14px">
            ${taxLines.map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`)}
          </p>`
        }
        <h2 style="font-weight:normal">${copy.downloadsHeading}</h2>
        <ul>
          ${links.map(
            (link) =>
              html`<li style="margin:0 0 8px">
                <a href="${link.url}">${download(link)}</a
                >${link.files && html`<br /><span style="color:#6b5d52;font-size:14px">${link.files}</span>`}
              </li>`,
          )}
        </ul>
        <p style="${paragraph}">${terms}</p>
        ${refund && html`<p style="${paragraph}">${refund}</p>`}
        <h2 style="font-weight:normal">${licenceHeading}</h2>
        ${licence.map((term) => html`<p style="${paragraph}">${term}</p>`)} ${review?.html}
        <p style="${paragraph}">${withLink(say(copy.freshLinks), freshLinksUrl)} ${questions}</p>`,
      text: [
        ...order.lines.map((line) => `- ${line.name}: ${price(line.priceCents)}`),
        ...(order.discount ? [`${discount}: −${price(order.discount.cents)}`] : []),
        `${copy.totalLabel}: ${price(order.totalCents)}`,
        ...taxLines,
        '',
        `${copy.downloadsHeading}:`,
        ...links.map((link) => `${link.name}: ${link.url}${link.files ? `\n  ${link.files}` : ''}`),
        '',
        terms,
        ...(refund ? [refund] : []),
        '',
        `${licenceHeading}:`,
        ...licence,
        '',
        ...(review ? [...review.text, ''] : []),
        say(copy.freshLinks, { url: freshLinksUrl }),
        questions,
      ],
    }),
  };
}

/** The "Review <pack>" links, with their heading and intro: null without links or words. */
function reviewSection(catalog: Pick<ShopCatalog, 'copy'>, reviews: DownloadLink[]) {
  const copy = catalog.copy.reviewEmail;
  if (!copy || reviews.length === 0) return null;
  const label = (link: DownloadLink) => fillIn(copy.label, { name: link.name });
  const list = html`<ul>
    ${reviews.map((link) => html`<li style="margin:0 0 8px"><a href="${link.url}">${label(link)}</a></li>`)}
  </ul>`;
  const lines = reviews.map((link) => `${label(link)}: ${link.url}`);
  return {
    copy,
    list,
    lines,
    html: html`<h2 style="font-weight:normal">${copy.heading}</h2>
      <p style="${paragraph}">${copy.intro}</p>
      ${list}`,
    text: [`${copy.heading}:`, copy.intro, ...lines],
  };
}

/**
 * The one reminder to review, some days after delivery: the same links as the order e-mail's.
 * Null when the catalogue has no words for it.
 */
export function reviewReminder(
  catalog: Pick<ShopCatalog, 'studio' | 'copy'>,
  order: Pick<OrderSummary, 'orderId' | 'customer'>,
  reviews: DownloadLink[],
): Message | null {
  const { studio } = catalog;
  const section = reviewSection(catalog, reviews);
  if (!section) return null;
  const say = (template: string, values: Record<string, string> = {}) =>
    fillIn(template, { studio: studio.name, orderId: order.orderId, ...values });
  // Without a name (an order restored from PayPal may have none): the greeting without it.
  const greeting = say(section.copy.reminderGreeting, { name: order.customer.name }).replace(
    /\s+([,!.]?)$|\s+(?=[,!.])/,
    '$1',
  );
  const intro = say(section.copy.reminderIntro);
  return {
    to: order.customer.email,
    replyTo: studio.email,
    subject: say(section.copy.reminderSubject),
    ...letter(studio, greeting, intro, {
      html: html`${section.list}
        <p style="${paragraph}">${section.copy.reminderOff}</p>`,
      text: [...section.lines, '', section.copy.reminderOff],
    }),
  };
}
