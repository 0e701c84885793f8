// The booking's e-mails, in content's words (content/booking.json `words`): the couple's link, a
// signer's code, the signed contract with its PDF, each receipt, each instalment's link and its
// reminder, an event moved; and the studio's notices.
import type { BookingContent } from '@/lib/booking/content';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney } from '@/lib/shared/money';
import { letter, withLink } from '../mail/buyer';
import { html } from '../mail/html';
import { studioNotice } from '../mail/studio';
import type { Message } from '../mail/transport';

type Studio = { name: string; email: string };
type Words = BookingContent['words'];

const paragraph = 'margin:0 0 16px;line-height:1.5';

/** "Sat, 10 Jul 2027": a day no reader takes for another (never 07/10/2027). */
const day = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function toCouple(
  studio: Studio,
  to: { name: string; email: string },
  subject: string,
  intro: string,
  lines: string[],
  link?: { sentence: string; url: string },
): Message {
  const body = letter(studio, `Dear ${to.name},`, intro, {
    html: html`${lines.map((line) => html`<p style="${paragraph}">${line}</p>`)}
    ${link && html`<p style="${paragraph}">${withLink(link.sentence, link.url)}</p>`}`,
    text: [...lines, ...(link ? [link.sentence.replace('{url}', link.url)] : []), ''],
  });
  return { to: to.email, replyTo: studio.email, subject, ...body };
}

export const proposalEmail = (
  studio: Studio,
  words: Words,
  couple: string,
  to: { name: string; email: string },
  url: string,
) =>
  toCouple(studio, to, fillIn(words.emailSubject, { couple }), words.emailIntro, [], {
    sentence: 'Your proposal: {url}',
    url,
  });

export const codeEmail = (
  studio: Studio,
  words: Words,
  to: { name: string; email: string },
  code: string,
  minutes: number,
) => toCouple(studio, to, words.codeSubject, fillIn(words.codeText, { code, minutes }), []);

/** A signed document's PDF as an e-mail's attachment. */
export const pdfAttachment = (document: { title: string }, pdf: Buffer) => ({
  filename: `${document.title.replace(/[^\w -]+/g, '').trim() || 'contract'}.pdf`,
  contentType: 'application/pdf',
  encoding: 'base64' as const,
  content: pdf.toString('base64'),
});

export const signedEmail = (
  studio: Studio,
  words: Words,
  couple: string,
  to: { name: string; email: string },
  document: { title: string; sha256: string },
  pdf: Buffer,
  url: string,
): Message => ({
  ...toCouple(
    studio,
    to,
    fillIn(words.signedSubject, { couple }),
    `${document.title}: signed by everyone who signs it. The signed copy is attached; it stays at your link too.`,
    [`SHA-256 of the signed text: ${document.sha256}`],
    { sentence: 'Your booking: {url}', url },
  ),
  attachments: [pdfAttachment(document, pdf)],
});

export const receiptEmail = (
  studio: Studio,
  words: Words,
  to: { name: string; email: string },
  paid: {
    label: string;
    cents: number;
    taxCents: number;
    currency: string;
    at: number;
    payer: string;
    tax: string | null;
  },
  url: string,
) => {
  const amount = formatMoney(paid.cents, paid.currency);
  const date = day.format(new Date(paid.at));
  return toCouple(
    studio,
    to,
    fillIn(words.receiptSubject, { amount }),
    fillIn(words.receipt, { amount, date }),
    [
      `${paid.label}: ${amount}, paid by ${paid.payer}.`,
      ...(paid.tax ? [`${paid.tax} included: ${formatMoney(paid.taxCents, paid.currency)}.`] : []),
    ],
    { sentence: 'Where your booking stands: {url}', url },
  );
};

export const instalmentEmail = (
  studio: Studio,
  words: Words,
  to: { name: string; email: string },
  due: {
    label: string;
    event: string;
    cents: number;
    currency: string;
    date: string;
    late: boolean;
  },
  url: string,
) =>
  toCouple(
    studio,
    to,
    due.late
      ? fillIn(words.reminderSubject, { event: due.event })
      : fillIn(words.instalmentSubject, { event: due.event, date: due.date }),
    fillIn(words.nextDue, { amount: formatMoney(due.cents, due.currency), date: due.date }),
    [
      `${due.label}.`,
      'Anyone you forward this link to can pay it: their name is recorded with the payment.',
    ],
    { sentence: 'Pay it here: {url}', url },
  );

export const movedEmail = (
  studio: Studio,
  words: Words,
  to: { name: string; email: string },
  moved: { event: string; from: string; to: string },
  url: string,
) =>
  toCouple(
    studio,
    to,
    fillIn(words.movedSubject, { event: moved.event }),
    `${moved.event} moves from ${moved.from} to ${moved.to}. Only its own payment moves with it; your contract stands, and the change is an addendum for you to sign.`,
    [],
    { sentence: 'Read and sign it: {url}', url },
  );

/** A booking cancelled: what its terms give back, of which payment, and how it goes back. */
export const cancelledEmail = (
  studio: Studio,
  words: Words,
  to: { name: string; email: string },
  cancelled: {
    couple: string;
    currency: string;
    givenBackCents: number;
    refunds: { label: string; cents: number }[];
    /** What the terms give back beyond what PayPal could (paid another way). */
    leftCents: number;
  },
  url: string,
) => {
  const money = (cents: number) => formatMoney(cents, cancelled.currency);
  return toCouple(
    studio,
    to,
    fillIn(words.cancelledSubject, { couple: cancelled.couple }),
    `${words.cancelled} ${
      cancelled.givenBackCents > 0
        ? fillIn(words.cancelledRefund, { amount: money(cancelled.givenBackCents) })
        : words.cancelledNoRefund
    }`,
    [
      ...cancelled.refunds.map(
        (refund) => `${refund.label}: ${money(refund.cents)} given back through PayPal.`,
      ),
      ...(cancelled.leftCents > 0
        ? [
            `${money(cancelled.leftCents)} was paid another way, and goes back the same way: ${studio.name} will write to arrange it.`,
          ]
        : []),
    ],
    { sentence: 'Your booking: {url}', url },
  );
};

/** A notice to the studio about a booking: what happened, and the booking's facts. */
export const bookingNotice = (
  to: string,
  subject: string,
  text: string,
  rows: [string, string][],
  replyTo?: string,
) => studioNotice(to, subject, { text }, rows, replyTo);
