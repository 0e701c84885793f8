// The couple's part: their link opened, a change asked for, a code e-mailed to a signer, the
// contract (or an addendum) signed, and the signed PDF, e-mailed to all at once and kept.
import { BookingProblem, type BookingContext } from './context';
import * as mail from './mail';
import { documentPdf } from './pdf';
import type { Booking, DocumentRow } from './store';
import { codeMatches, newSignCode, signCodeHash } from './tokens';

/** How long a signer's code holds, and how many tries it allows. */
export const CODE_MINUTES = 10;
const CODE_TRIES = 5;
const CODES_AN_HOUR = 5;

/** The studio hears of a booking's asked changes once in this window. */
const CHANGE_NOTICE_MS = 60 * 60 * 1000;

export function coupleActions(ctx: BookingContext) {
  const { bookings, secret, now, content, studio, studioAddress, proposalUrl, queue, toStudio } =
    ctx;
  const { open, view, documentToSign } = ctx;

  async function completed(booking: Booking, document: DocumentRow) {
    const signatures = bookings.signatures(document.id);
    const pdf = await documentPdf(document, signatures, studio().name);
    const url = proposalUrl(booking);
    queue(
      booking.proposal.signers.map((signer) =>
        mail.signedEmail(
          studio(),
          content().words,
          booking.proposal.couple,
          signer,
          document,
          pdf,
          url,
        ),
      ),
    );
    queue(
      [
        {
          ...mail.bookingNotice(
            studioAddress(),
            `Signed: ${document.title}`,
            `${booking.proposal.couple} signed.`,
            [
              ['Booking', `${booking.proposal.couple} (${booking.id})`],
              ['SHA-256', document.sha256],
            ],
          ),
          attachments: [mail.pdfAttachment(document, pdf)],
        },
      ],
      'studio',
    );
  }

  const signedAlready = (document: DocumentRow, signer: number) =>
    bookings.signatures(document.id).some((each) => each.signer === signer);

  function opened(token: string) {
    const { booking } = open(token, 'proposal');
    bookings.viewed(booking.id, now());
    return view(bookings.get(booking.id)!);
  }

  /** What a pay link pays: its instalment, and the booking as a payer may see it. */
  function instalment(token: string) {
    const { booking, instalment } = open(token, 'pay');
    const seen = view(booking, 'payer');
    const due = seen.instalments.find((each) => each.id === instalment);
    if (!due) throw new BookingProblem(404, 'This instalment is no longer part of the booking.');
    return { ...seen, signers: [], documents: [], due };
  }

  function askChange(token: string, message: string) {
    const { booking } = open(token, 'proposal');
    bookings.askedChange(booking.id, message, now());
    // One notice an hour per booking, however many are asked (each is in the studio's list).
    toStudio(
      'A couple asks for a change',
      message,
      booking,
      [['From', booking.proposal.signers.map((s) => s.email).join(', ')]],
      `change-asked:${booking.id}:${Math.floor(now() / CHANGE_NOTICE_MS)}`,
      // A reply reaches the couple.
      booking.proposal.signers.map((s) => s.email).join(', '),
    );
  }

  /** E-mails the signer a code that proves the address is theirs. */
  function sendCode(token: string, signer: number) {
    const { booking } = open(token, 'proposal');
    const who = booking.proposal.signers[signer];
    if (!who) throw new BookingProblem(400, 'This booking has no such signer.');
    const document = documentToSign(booking);
    if (!document) throw new BookingProblem(409, 'There is nothing to sign now.');
    if (signedAlready(document, signer))
      throw new BookingProblem(409, `${who.name} has signed it.`);
    // A few codes an hour: each try of a code is one of five, so no run of new codes finds one.
    const hourAgo = now() - 60 * 60 * 1000;
    const sent = bookings
      .audit(booking.id)
      .filter(
        (line) => line.action === 'code sent' && line.actor === who.email && line.at > hourAgo,
      );
    if (sent.length >= CODES_AN_HOUR) {
      throw new BookingProblem(
        429,
        'Several codes were e-mailed this hour: use the last one, or wait an hour.',
      );
    }
    const { code, hash } = newSignCode(secret, booking.id, signer);
    bookings.saveCode(booking.id, signer, hash, now() + CODE_MINUTES * 60_000);
    queue([mail.codeEmail(studio(), content().words, who, code, CODE_MINUTES)]);
    bookings.note(booking.id, who.email, 'code sent', '', now());
  }

  async function sign(
    token: string,
    input: { signer: number; name: string; code: string; consent: true; sha256: string },
    from: { ip: string; userAgent: string },
  ) {
    const { booking } = open(token, 'proposal');
    const who = booking.proposal.signers[input.signer];
    const document = documentToSign(booking);
    if (!who || !document) throw new BookingProblem(409, 'There is nothing to sign now.');
    if (signedAlready(document, input.signer)) {
      throw new BookingProblem(409, `${who.name} has signed it.`);
    }
    if (document.sha256 !== input.sha256) {
      throw new BookingProblem(
        409,
        'The contract changed since you opened it. Read it again before you sign.',
      );
    }
    const saved = bookings.code(booking.id, input.signer);
    if (!saved || saved.expiresAt < now() || saved.tries >= CODE_TRIES) {
      throw new BookingProblem(403, 'This code has expired. Send yourself a new one.');
    }
    if (!codeMatches(saved.codeHash, signCodeHash(secret, booking.id, input.signer, input.code))) {
      throw new BookingProblem(403, 'This is not the code we e-mailed. Check it and try again.');
    }
    const typed = input.name.trim().replace(/\s+/g, ' ');
    if (typed.toLowerCase() !== who.name.trim().replace(/\s+/g, ' ').toLowerCase()) {
      throw new BookingProblem(400, `Type your full name as the proposal gives it: ${who.name}.`);
    }
    const done = bookings.sign(
      booking.id,
      {
        documentId: document.id,
        signer: input.signer,
        name: typed,
        email: who.email,
        consent: content().words.consent,
        ip: from.ip,
        userAgent: from.userAgent.slice(0, 300),
        at: now(),
      },
      booking.proposal.signers.length,
      document.kind,
    );
    if (done) await completed(bookings.get(booking.id)!, bookings.document(document.id)!);
    return view(bookings.get(booking.id)!);
  }

  /** A completed document's PDF, for the couple's link. */
  async function pdf(token: string, documentId: number) {
    const { booking } = open(token, 'proposal');
    const document = bookings.document(documentId);
    if (!document || document.bookingId !== booking.id || !document.completedAt) {
      throw new BookingProblem(404, 'No such signed document.');
    }
    return documentPdf(document, bookings.signatures(document.id), studio().name);
  }

  return { opened, instalment, askChange, sendCode, sign, pdf };
}
