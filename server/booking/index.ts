// Weddings booked on the site: the studio proposes, the couple reads, asks for changes, signs
// with an e-mailed code, and pays the retainer and each event's instalment through PayPal; the
// studio moves an event, records a payment made another way, cancels, withdraws a link. Every
// change is one transaction with its audit line; every e-mail goes through the outbox.
import type { BookingContent } from '@/lib/booking/content';
import { addDays, cancellationRefund, daysBetween, totals } from '@/lib/booking/schedule';
import { countryName } from '@/lib/shared/countries';
import { formatAmount, formatPrice, parseAmount } from '@/lib/shared/money';
import { taxRule } from '@/lib/shared/tax';
import type { CatalogSource } from '../catalog/source';
import type { Config } from '../config';
import type { Log } from '../log';
import type { Outbox } from '../mail/outbox';
import type { Message } from '../mail/transport';
import { PayPalRefused, type PayPalClient } from '../paypal/client';
import type { NewMessage, Store } from '../store';
import {
  changesBetween,
  dayOf,
  fillAddendum,
  fillContract,
  instalmentLabel,
  instalmentsOf,
  sha256,
} from './contract';
import * as mail from './mail';
import type { PaymentMethod, Proposal, ProposalInput } from './model';
import { completedCapture, instalmentOrder, payerOf } from './payments';
import { documentPdf } from './pdf';
import type { Booking, DocumentRow } from './store';
import {
  codeMatches,
  newBookingId,
  newSignCode,
  payToken,
  proposalToken,
  readLink,
  readPaymentCustomId,
  signCodeHash,
} from './tokens';
import { bookingView } from './view';

export type BookingDeps = {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  catalog: CatalogSource;
  outbox: Pick<Outbox, 'kick'>;
  log: Log;
  now: () => number;
  studioAddress: () => string;
};

/** How long a signer's code holds, and how many tries it allows. */
export const CODE_MINUTES = 10;
const CODE_TRIES = 5;
/** How long a payer holds an instalment while PayPal's window is open. */
export const HOLD_MS = 15 * 60 * 1000;
/** A booking's links stop a year after its last event, or 90 days after it was cancelled. */
const LINK_DAYS_AFTER = 365;

export class BookingProblem extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 410 | 503,
    message: string,
  ) {
    super(message);
  }
}

const today = (at: number) => new Date(at).toISOString().slice(0, 10);

export function createBookings(deps: BookingDeps) {
  const { config, store, paypal, catalog, outbox, log, now, studioAddress } = deps;
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

  function queue(messages: Message[], kind: NewMessage['kind'] = 'buyer') {
    store.queue(
      messages.map((message) => ({ orderId: null, kind, message })),
      now(),
    );
    void outbox.kick();
  }
  const toStudio = (
    subject: string,
    text: string,
    booking: Booking,
    rows: [string, string][] = [],
  ) =>
    queue(
      [
        mail.bookingNotice(studioAddress(), subject, text, [
          ['Booking', `${booking.proposal.couple} (${booking.id})`],
          ...rows,
        ]),
      ],
      'studio',
    );

  /** The tax of the wedding's place, as content/tax.json sets it today. */
  function weddingTax(input: ProposalInput): Proposal['tax'] {
    const rule = taxRule(catalog.get().tax, input.place);
    if (rule.kind === 'region-needed') {
      throw new BookingProblem(
        400,
        `Choose the province of a wedding in ${countryName(input.place.country)}.`,
      );
    }
    if (rule.kind !== 'taxed') return null;
    return {
      name: rule.tax,
      ratePercent: rule.rate,
      place: rule.place.name,
      number: rule.scheme.number,
      scheme: rule.scheme.id,
      schemeName: rule.scheme.name,
      country: input.place.country,
      region: rule.place.region ?? null,
    };
  }

  function withTax(input: ProposalInput): Proposal {
    const proposal = { ...input, tax: weddingTax(input) };
    const { totalCents } = totals(proposal.events, proposal.tax?.ratePercent ?? 0);
    if (input.retainerCents > totalCents) {
      throw new BookingProblem(400, 'The retainer is more than the whole wedding costs.');
    }
    return proposal;
  }

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
          attachments: mail.signedEmail(
            studio(),
            content().words,
            '',
            booking.proposal.signers[0]!,
            document,
            pdf,
            url,
          ).attachments,
        },
      ],
      'studio',
    );
  }

  /** Records a paid PayPal order for an instalment, once, and e-mails its receipt. */
  function recordPayPal(
    booking: Booking,
    instalmentId: string,
    order: Awaited<ReturnType<PayPalClient['getOrder']>>,
    typed: string,
  ) {
    const capture = order && completedCapture(order);
    if (!order || !capture) return false;
    const instalment = instalmentsOf(booking.proposal).find((each) => each.id === instalmentId);
    const sealed = readPaymentCustomId(
      secret,
      capture.unit.custom_id,
      capture.cents ?? -1,
      capture.currency,
    );
    if (!instalment || !sealed || sealed.id !== booking.id || sealed.instalment !== instalmentId) {
      log.error({
        msg: 'booking payment does not match its seal',
        bookingId: booking.id,
        orderId: order.id,
      });
      return false;
    }
    const payer = payerOf(order, typed);
    const at = now();
    const added = bookings.pay(
      {
        bookingId: booking.id,
        instalment: instalmentId,
        cents: capture.cents!,
        taxCents: instalment.taxCents,
        method: 'paypal',
        payer,
        paypalOrderId: order.id,
        captureId: capture.captureId,
        refundedCents: 0,
        at,
      },
      payer,
    );
    if (!added) {
      // Paid twice (another way meanwhile): the studio gives the second back.
      const first = bookings.payments(booking.id).find((p) => p.instalment === instalmentId);
      if (first?.paypalOrderId !== order.id) {
        toStudio(
          'An instalment was paid twice',
          'PayPal took a second payment for an instalment already paid. Refund one of them in PayPal.',
          booking,
          [
            ['Instalment', instalmentId],
            ['PayPal order', order.id],
          ],
        );
      }
      return true;
    }
    const label = instalmentLabel(instalment, booking.proposal, content().words);
    const paid = {
      label,
      cents: capture.cents!,
      taxCents: instalment.taxCents,
      currency: booking.proposal.currency,
      at,
      payer,
      tax: booking.proposal.tax?.name ?? null,
    };
    queue(
      booking.proposal.signers.map((signer) =>
        mail.receiptEmail(studio(), content().words, signer, paid, proposalUrl(booking)),
      ),
    );
    toStudio(
      `Paid: ${label}`,
      `${payer} paid ${formatPrice(paid.cents, paid.currency)} by PayPal.`,
      booking,
    );
    return true;
  }

  return {
    open,
    view,

    // ——— The couple ———

    opened(token: string) {
      const { booking } = open(token, 'proposal');
      bookings.viewed(booking.id, now());
      return view(bookings.get(booking.id)!);
    },

    /** What a pay link pays: its instalment, and the booking as a payer may see it. */
    instalment(token: string) {
      const { booking, instalment } = open(token, 'pay');
      const seen = view(booking, 'payer');
      const due = seen.instalments.find((each) => each.id === instalment);
      if (!due) throw new BookingProblem(404, 'This instalment is no longer part of the booking.');
      return { ...seen, signers: [], documents: [], due };
    },

    askChange(token: string, message: string) {
      const { booking } = open(token, 'proposal');
      bookings.note(booking.id, 'couple', 'asked for a change', message, now());
      toStudio('A couple asks for a change', message, booking, [
        ['From', booking.proposal.signers.map((s) => s.email).join(', ')],
      ]);
    },

    /** E-mails the signer a code that proves the address is theirs. */
    sendCode(token: string, signer: number) {
      const { booking } = open(token, 'proposal');
      const who = booking.proposal.signers[signer];
      if (!who) throw new BookingProblem(400, 'This booking has no such signer.');
      if (!documentToSign(booking)) throw new BookingProblem(409, 'There is nothing to sign now.');
      const { code, hash } = newSignCode(secret, booking.id, signer);
      bookings.saveCode(booking.id, signer, hash, now() + CODE_MINUTES * 60_000);
      queue([mail.codeEmail(studio(), content().words, who, code, CODE_MINUTES)]);
      bookings.note(booking.id, who.email, 'code sent', '', now());
    },

    async sign(
      token: string,
      input: { signer: number; name: string; code: string; consent: true; sha256: string },
      from: { ip: string; userAgent: string },
    ) {
      const { booking } = open(token, 'proposal');
      const who = booking.proposal.signers[input.signer];
      const document = documentToSign(booking);
      if (!who || !document) throw new BookingProblem(409, 'There is nothing to sign now.');
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
      if (
        !codeMatches(saved.codeHash, signCodeHash(secret, booking.id, input.signer, input.code))
      ) {
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
    },

    /** A completed document's PDF, for the couple's link. */
    async pdf(token: string, documentId: number) {
      const { booking } = open(token, 'proposal');
      const document = bookings.document(documentId);
      if (!document || document.bookingId !== booking.id || !document.completedAt) {
        throw new BookingProblem(404, 'No such signed document.');
      }
      return documentPdf(document, bookings.signatures(document.id), studio().name);
    },

    /**
     * A PayPal order for an instalment, for its pay link (or the retainer from the proposal once
     * signed). Refused before PayPal is asked when it is paid, or someone else is paying it now.
     */
    async createPayment(
      token: string,
      input: { instalment?: string; payer: string; holder: string },
    ) {
      const link = open(token, input.instalment ? 'proposal' : 'pay');
      const instalmentId = link.instalment ?? input.instalment!;
      const { booking } = link;
      if (booking.status !== 'signed') {
        throw new BookingProblem(409, 'The contract is not signed yet: sign it before you pay.');
      }
      const instalment = instalmentsOf(booking.proposal).find((each) => each.id === instalmentId);
      if (!instalment)
        throw new BookingProblem(404, 'This instalment is no longer part of the booking.');
      const at = now();
      const held = bookings.hold(
        booking.id,
        instalment.id,
        input.holder,
        input.payer,
        at,
        at + HOLD_MS,
      );
      if (held === 'paid') throw new BookingProblem(409, 'This instalment is paid already.');
      if (held === 'busy') {
        throw new BookingProblem(409, content().words.payingNow);
      }
      const label = instalmentLabel(instalment, booking.proposal, content().words);
      const request = instalmentOrder(
        secret,
        { id: booking.id, couple: booking.proposal.couple, currency: booking.proposal.currency },
        instalment,
        label,
        studio().name,
      );
      const created = await paypal.createOrder(
        request,
        `${booking.id}-${instalment.id}-${input.holder}`.slice(0, 108),
      );
      bookings.attempt({
        paypalOrderId: created.id,
        bookingId: booking.id,
        instalment: instalment.id,
        cents: instalment.cents,
        payer: input.payer,
        holder: input.holder,
        heldUntil: at + HOLD_MS,
        createdAt: at,
      });
      bookings.note(booking.id, input.payer, 'paying', `${instalment.id} (${created.id})`, at);
      return { id: created.id };
    },

    /** Captures an approved order of the booking's and records it; the page's view after. */
    async capturePayment(token: string, orderId: string) {
      const link = open(token, 'either');
      const { booking } = link;
      const attempt = bookings.findAttempt(orderId);
      if (!attempt || attempt.bookingId !== booking.id) {
        throw new BookingProblem(404, 'This payment is not one of this booking’s.');
      }
      await this.settle(orderId);
      return view(bookings.get(booking.id)!, link.instalment ? 'payer' : 'couple');
    },

    /**
     * Brings a booking's PayPal order to its end: captured when approved (unless its instalment
     * is paid already), recorded when completed. Called by the page, the webhook and the
     * reconciliation alike; a repeat does nothing more.
     */
    async settle(orderId: string): Promise<'recorded' | 'not-ours' | 'pending'> {
      const attempt = bookings.findAttempt(orderId);
      let order = await paypal.getOrder(orderId);
      if (!order) return 'not-ours';
      const unit = order.purchase_units?.[0];
      const sealed =
        unit &&
        readPaymentCustomId(
          secret,
          unit.custom_id,
          parseAmount(unit.amount.value) ?? -1,
          unit.amount.currency_code,
        );
      if (!sealed) return 'not-ours';
      const booking = bookings.get(sealed.id);
      if (!booking) {
        log.error({
          msg: 'a booking payment names a booking this database lacks',
          orderId,
          bookingId: sealed.id,
        });
        return 'not-ours';
      }
      if (order.status === 'APPROVED') {
        const paid = bookings.payments(booking.id).some((p) => p.instalment === sealed.instalment);
        if (paid) {
          bookings.release(orderId);
          throw new BookingProblem(409, 'This instalment is paid already: nothing was taken.');
        }
        try {
          order = await paypal.captureOrder(orderId, `capture-${orderId}`);
        } catch (error) {
          if (error instanceof PayPalRefused) {
            bookings.release(orderId);
            throw new BookingProblem(
              409,
              'PayPal declined this payment. Nothing was taken; try another way to pay.',
            );
          }
          throw error;
        }
      }
      if (order.status !== 'COMPLETED') return 'pending';
      bookings.release(orderId);
      return recordPayPal(booking, sealed.instalment, order, attempt?.payer ?? '')
        ? 'recorded'
        : 'pending';
    },

    // ——— The studio ———

    list: () =>
      bookings.all().map((booking) => {
        const seen = view(booking, 'studio');
        return {
          id: booking.id,
          couple: booking.proposal.couple,
          status: seen.status,
          firstEvent: booking.proposal.events.map((e) => e.date).sort()[0]!,
          currency: booking.proposal.currency,
          totalCents: seen.money.totalCents,
          paidCents: seen.paidCents,
          next: seen.next,
          late: seen.instalments.filter((i) => i.late).length,
          viewedAt: booking.viewedAt,
        };
      }),

    detail(id: string) {
      const booking = bookings.get(id);
      if (!booking) throw new BookingProblem(404, 'No such booking.');
      return {
        ...view(booking, 'studio'),
        audit: bookings.audit(id),
        link: booking.status === 'draft' ? null : proposalUrl(booking),
      };
    },

    create(input: ProposalInput, actor: string) {
      const id = newBookingId();
      bookings.create(id, withTax(input), actor, now());
      return this.detail(id);
    },

    /** A new version, before the contract is signed (after it, events move by addendum). */
    revise(id: string, input: ProposalInput, actor: string) {
      const booking = bookings.get(id);
      if (!booking) throw new BookingProblem(404, 'No such booking.');
      if (booking.status === 'signed' || booking.status === 'cancelled') {
        throw new BookingProblem(409, 'The contract is signed: move an event instead.');
      }
      const proposal = withTax(input);
      const changes = changesBetween(booking.proposal, proposal);
      if (changes.length > 0) bookings.revise(id, proposal, changes, actor, now());
      if (booking.status === 'sent') {
        queue(
          proposal.signers.map((signer) =>
            mail.proposalEmail(
              studio(),
              content().words,
              proposal.couple,
              signer,
              proposalUrl(booking),
            ),
          ),
        );
      }
      return this.detail(id);
    },

    send(id: string, actor: string) {
      let booking = bookings.get(id);
      if (!booking) throw new BookingProblem(404, 'No such booking.');
      if (booking.status === 'cancelled')
        throw new BookingProblem(409, 'This booking is cancelled.');
      if (booking.withdrawnAt) bookings.reissue(id, actor, now());
      bookings.sent(id, actor, now());
      booking = bookings.get(id)!;
      const url = proposalUrl(booking);
      queue(
        booking.proposal.signers.map((signer) =>
          mail.proposalEmail(studio(), content().words, booking!.proposal.couple, signer, url),
        ),
      );
      return this.detail(id);
    },

    withdraw(id: string, actor: string) {
      if (!bookings.get(id)) throw new BookingProblem(404, 'No such booking.');
      bookings.withdraw(id, actor, now());
      return this.detail(id);
    },

    /** An event moved after signing: only its instalment moves, and the couple signs an addendum. */
    moveEvent(id: string, eventId: string, date: string, actor: string) {
      const booking = bookings.get(id);
      if (!booking) throw new BookingProblem(404, 'No such booking.');
      if (booking.status !== 'signed')
        throw new BookingProblem(
          409,
          'Only a signed booking’s events move by addendum: edit the proposal instead.',
        );
      const event = booking.proposal.events.find((each) => each.id === eventId);
      if (!event) throw new BookingProblem(404, 'No such event.');
      if (event.date === date) return this.detail(id);
      const proposal = {
        ...booking.proposal,
        events: booking.proposal.events.map((each) =>
          each.id === eventId ? { ...each, date } : each,
        ),
      };
      bookings.revise(id, proposal, changesBetween(booking.proposal, proposal), actor, now());
      const moved = bookings.get(id)!;
      const filled = fillAddendum(proposal, content(), {
        event: { ...event, date },
        from: event.date,
      });
      bookings.openDocument(
        id,
        { ...filled, proposalVersion: moved.version, sha256: sha256(filled.text) },
        now(),
      );
      const words = { event: event.name, from: dayOf(event.date), to: dayOf(date) };
      queue(
        proposal.signers.map((signer) =>
          mail.movedEmail(studio(), content().words, signer, words, proposalUrl(moved)),
        ),
      );
      return this.detail(id);
    },

    /** A payment made another way (Interac e-Transfer, bank transfer, cash), as the studio records it. */
    record(
      id: string,
      input: { instalment: string; method: Exclude<PaymentMethod, 'paypal'>; payer: string },
      actor: string,
    ) {
      const booking = bookings.get(id);
      if (!booking) throw new BookingProblem(404, 'No such booking.');
      const instalment = instalmentsOf(booking.proposal).find(
        (each) => each.id === input.instalment,
      );
      if (!instalment) throw new BookingProblem(404, 'No such instalment.');
      const added = bookings.pay(
        {
          bookingId: id,
          instalment: instalment.id,
          cents: instalment.cents,
          taxCents: instalment.taxCents,
          method: input.method,
          payer: input.payer,
          paypalOrderId: null,
          captureId: null,
          refundedCents: 0,
          at: now(),
        },
        actor,
      );
      if (!added) throw new BookingProblem(409, 'This instalment is paid already.');
      return this.detail(id);
    },

    /** Cancels under the contract's terms: what they refund is given back through PayPal. */
    async cancel(id: string, actor: string) {
      const booking = bookings.get(id);
      if (!booking) throw new BookingProblem(404, 'No such booking.');
      if (booking.status === 'cancelled') return this.detail(id);
      const upcoming = booking.proposal.events
        .map((e) => e.date)
        .filter((d) => d >= today(now()))
        .sort()[0];
      const notice = upcoming ? daysBetween(today(now()), upcoming) : 0;
      const payments = bookings.payments(id);
      const beyond = payments.filter((p) => p.instalment !== 'retainer');
      const paidBeyond = beyond.reduce((sum, p) => sum + p.cents - p.refundedCents, 0);
      let owed = cancellationRefund(paidBeyond, notice, content().cancellation.tiers);
      let refunded = 0;
      for (const payment of beyond.filter((p) => p.captureId).reverse()) {
        const cents = Math.min(owed, payment.cents - payment.refundedCents);
        if (cents <= 0) continue;
        await paypal.refundCapture(
          payment.captureId!,
          {
            currency_code: booking.proposal.currency,
            value: formatAmount(cents, booking.proposal.currency),
          },
          `refund-${id}-${payment.instalment}`,
        );
        bookings.refunded(id, payment.instalment, cents, actor, now());
        owed -= cents;
        refunded += cents;
      }
      bookings.setStatus(
        id,
        'cancelled',
        actor,
        `refunded ${refunded}${owed > 0 ? `, ${owed} to give back another way` : ''}`,
        now(),
      );
      if (owed > 0) {
        toStudio(
          'Give back the rest of a cancelled booking',
          `The terms refund ${formatPrice(owed, booking.proposal.currency)} more than PayPal took: give it back the way it was paid.`,
          booking,
        );
      }
      return this.detail(id);
    },

    /**
     * Each instalment's link, e-mailed a set number of days before it is due, and a reminder once
     * it is late: once each (the notices table keeps the key), whatever restarts.
     */
    sendDue() {
      const loaded = catalog.current()?.booking;
      if (!loaded) return 0;
      let sent = 0;
      const on = today(now());
      for (const booking of bookings.all()) {
        if (booking.status !== 'signed' || booking.withdrawnAt) continue;
        const paid = new Set(bookings.payments(booking.id).map((p) => p.instalment));
        for (const instalment of instalmentsOf(booking.proposal)) {
          if (!instalment.dueOn || paid.has(instalment.id)) continue;
          const late = on >= addDays(instalment.dueOn, loaded.schedule.remindAfterDays);
          if (!late && on < addDays(instalment.dueOn, -loaded.schedule.sendDaysBefore)) continue;
          const event = booking.proposal.events.find((e) => e.id === instalment.eventId);
          const due = {
            label: instalmentLabel(instalment, booking.proposal, loaded.words),
            event: event?.name ?? '',
            cents: instalment.cents,
            currency: booking.proposal.currency,
            date: dayOf(instalment.dueOn),
            late,
          };
          const messages = booking.proposal.signers.map((signer) => ({
            orderId: null,
            kind: 'buyer' as const,
            message: mail.instalmentEmail(
              studio(),
              loaded.words,
              signer,
              due,
              payUrl(booking, instalment.id),
            ),
          }));
          const key = `booking-${late ? 'late' : 'due'}:${booking.id}:${instalment.id}:${instalment.dueOn}`;
          if (store.queueOnce(key, messages, now())) sent += 1;
        }
      }
      if (sent > 0) void outbox.kick();
      return sent;
    },
  };
}

export type Bookings = ReturnType<typeof createBookings>;
