// What the booking's parts share: its dependencies, its content (the catalogue's), the links it
// e-mails, its queue of e-mails, a link opened and checked, and a booking as each reader sees it.
import type { Deps } from '../deps';
import type { BookingContent } from '@/lib/booking/content';
import { addDays, type Instalment } from '@/lib/booking/schedule';
import { formatMoney } from '@/lib/shared/money';
import type { Message } from '../mail/transport';
import type { NewMessage, OutboxStore } from '../mail/outbox-store';
import { fillContract, instalmentLabel, instalmentsOf, sha256 } from './contract';
import * as mail from './mail';
import type { Booking, BookingStore, DocumentRow } from './store';
import { payToken, proposalToken, readLink } from './tokens';
import { bookingView } from './view';

/** The rows the booking reads and writes: its own, and the outbox. */
export type BookingStores = { bookings: BookingStore } & Pick<OutboxStore, 'queue' | 'queueOnce'>;

export type BookingDeps = Deps<BookingStores>;

/** A booking's refusal: its HTTP status and the words for the person who asked. */
export class BookingProblem extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 410 | 429 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** A booking's links stop a year after its last event, or 90 days after it was cancelled. */
const LINK_DAYS_AFTER = 365;

/** A moment's day (YYYY-MM-DD, UTC), as the schedule's dates are written. */
export const today = (at: number) => new Date(at).toISOString().slice(0, 10);

export function bookingContext(deps: BookingDeps) {
  const { config, store, catalog, outbox, now, studioAddress } = deps;
  const bookings = store.bookings;
  const secret = config.downloadSecret;

  function content(): BookingContent {
    const loaded = catalog.get().booking;
    if (!loaded) {
      throw new BookingProblem(503, 'Bookings are not open yet: the site publishes no contract.');
    }
    return loaded;
  }
  const studio = () => catalog.get().studio;
  const siteUrl = () => config.siteOrigins[0]!;
  const proposalUrl = (booking: Booking) =>
    `${siteUrl()}/proposal/#${proposalToken(secret, booking.id, booking.generation)}`;
  const payUrl = (booking: Booking, instalment: string) =>
    `${siteUrl()}/pay/#${payToken(secret, booking.id, instalment, booking.generation)}`;

  /** Queues e-mails; with `once`, only the first time that key is queued (then false). */
  function queue(messages: Message[], kind: NewMessage['kind'] = 'buyer', once?: string) {
    const rows = messages.map((message) => ({ orderId: null, kind, message }));
    if (once) {
      if (!store.queueOnce(once, rows, now())) return false;
    } else store.queue(rows, now());
    void outbox.kick();
    return true;
  }
  /** The booking on the studio's desk (/studio/ opens it once signed in). */
  const deskUrl = (booking: { id: string }) => `${siteUrl()}/studio/#booking=${booking.id}`;
  /**
   * The studio's notice about a booking, with its link on the desk; with `once`, sent once for
   * that key, however asked; with `replyTo`, a reply goes there (the couple's own words).
   */
  const toStudio = (
    subject: string,
    text: string,
    booking: { id: string; proposal: { couple: string } },
    rows: [string, string][] = [],
    once?: string,
    replyTo?: string,
  ) =>
    queue(
      [
        mail.bookingNotice(
          studioAddress(),
          subject,
          text,
          [
            ['Booking', `${booking.proposal.couple} (${booking.id})`],
            ['On the desk', deskUrl(booking)],
            ...rows,
          ],
          replyTo,
        ),
      ],
      'studio',
      once,
    );

  function linkExpired(booking: Booking) {
    const last = booking.proposal.events
      .map((event) => event.date)
      .sort()
      .at(-1)!;
    const until =
      booking.status === 'cancelled'
        ? booking.updatedAt + 90 * 86_400_000
        : Date.parse(`${addDays(last, LINK_DAYS_AFTER)}T00:00:00Z`);
    return now() > until;
  }

  /** The booking a couple's or payer's link opens, or why it opens none. */
  function open(
    token: string,
    kind: 'proposal' | 'pay' | 'either',
  ): { booking: Booking; instalment: string | null } {
    const link = readLink(secret, token);
    const gone = new BookingProblem(
      404,
      'This link is not one of ours. Check it against your e-mail.',
    );
    if ('problem' in link) throw gone;
    if (kind !== 'either' && (kind === 'pay') !== (link.instalment !== null)) throw gone;
    const booking = bookings.get(link.id);
    if (!booking || booking.status === 'draft') throw gone;
    if (booking.generation !== link.generation) {
      throw new BookingProblem(410, 'The studio has withdrawn this link. Ask them for a new one.');
    }
    if (linkExpired(booking)) throw new BookingProblem(410, 'This link has expired.');
    return { booking, instalment: link.instalment };
  }

  /** The booking as the couple (who sign), the studio (who forward pay links) or a payer sees it. */
  const view = (booking: Booking, who: 'couple' | 'studio' | 'payer' = 'couple') =>
    bookingView(booking, {
      content: content(),
      documents: bookings.documents(booking.id),
      signatures: (documentId) => bookings.signatures(documentId),
      payments: bookings.payments(booking.id),
      today: today(now()),
      payToken: (instalment) => payToken(secret, booking.id, instalment, booking.generation),
      toSign: who === 'couple' ? documentToSign(booking) : null,
      asStudio: who === 'studio',
    });

  /** The document the couple signs now: the contract, or an open addendum once it is signed. */
  function documentToSign(booking: Booking): DocumentRow | null {
    const documents = bookings.documents(booking.id);
    const contract = documents.find((doc) => doc.kind === 'contract' && doc.completedAt);
    if (!contract) {
      if (booking.status !== 'sent') return null;
      const filled = fillContract(booking.proposal, content(), studio());
      return bookings.openDocument(
        booking.id,
        { ...filled, proposalVersion: booking.version, sha256: sha256(filled.text) },
        now(),
      );
    }
    return documents.find((doc) => doc.kind === 'addendum' && !doc.completedAt) ?? null;
  }

  /** An instalment's name as the couple read it ("Retainer", "Balance for Sangeet"). */
  const labelOf = (booking: Booking, instalmentId: string) => {
    const instalment = instalmentsOf(booking.proposal).find((each) => each.id === instalmentId);
    return instalment
      ? instalmentLabel(instalment, booking.proposal, content().words)
      : instalmentId;
  };

  /**
   * The receipt of a payment, to each signer, and the studio's word of it. A payment restored
   * from PayPal after the database was lost had its receipt when it was paid: the studio alone
   * hears of it, so that nobody gets a second receipt.
   */

  function receipted(
    booking: Booking,
    instalment: Instalment,
    payment: { cents: number; at: number; payer: string; by: string },
    restored = false,
  ) {
    const label = instalmentLabel(instalment, booking.proposal, content().words);
    const paid = {
      ...payment,
      label,
      taxCents: instalment.taxCents,
      currency: booking.proposal.currency,
      tax: booking.proposal.tax?.name ?? null,
    };
    if (!restored) {
      queue(
        booking.proposal.signers.map((signer) =>
          mail.receiptEmail(studio(), content().words, signer, paid, proposalUrl(booking)),
        ),
      );
    }
    toStudio(
      restored ? `Restored from PayPal: ${label}` : `Paid: ${label}`,
      `${payment.payer} paid ${formatMoney(payment.cents, paid.currency)} by ${payment.by}.${restored ? ' The database restored from a backup lacked it; PayPal’s record brought it back. The couple had their receipt when they paid: none was sent again.' : ''}`,
      booking,
    );
  }

  return {
    ...deps,
    receipted,
    labelOf,
    bookings,
    secret,
    content,
    studio,
    proposalUrl,
    payUrl,
    queue,
    toStudio,
    open,
    view,
    documentToSign,
  };
}

export type BookingContext = ReturnType<typeof bookingContext>;
