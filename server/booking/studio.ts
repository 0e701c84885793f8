// The studio's part: every booking with its totals, a proposal made or revised, sent, its links
// withdrawn, an event moved by addendum, a payment made another way recorded, a cancellation
// under the contract's terms with its refund through PayPal.
import { cancellationRefund, daysBetween } from '@/lib/booking/schedule';
import { countryName } from '@/lib/shared/countries';
import { formatAmount, formatMoney, minorUnit, parseAmount } from '@/lib/shared/money';
import { taxRule } from '@/lib/shared/tax';
import { changesBetween, dayOf, fillAddendum, instalmentsOf, moneyOf, sha256 } from './contract';
import { BookingProblem, today, type BookingContext } from './context';
import * as mail from './mail';
import type { PaymentMethod, Proposal, ProposalInput } from './model';
import { newBookingId } from './tokens';
import { cancellingLine, paidLine, refundLine } from './history';
import { bookingMay } from './states';
import { PayPalRefused, PayPalUnavailable } from '../paypal/client';

export function studioActions(ctx: BookingContext) {
  const { bookings, paypal, catalog, now, content, studio, proposalUrl, queue, toStudio } = ctx;
  const { view, receipted, labelOf } = ctx;

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
      schemeCurrency: rule.scheme.currency,
      country: input.place.country,
      region: rule.place.region ?? null,
    };
  }

  function withTax(input: ProposalInput): Proposal {
    const proposal = { ...input, tax: weddingTax(input) };
    const { totalCents } = moneyOf(proposal);
    if (input.retainerCents > totalCents) {
      throw new BookingProblem(400, 'The retainer is more than the whole wedding costs.');
    }
    return proposal;
  }

  /** What the studio's form edits of a proposal: all but its tax. */
  const proposalInput = (p: Proposal): ProposalInput => ({
    couple: p.couple,
    signers: p.signers,
    events: p.events,
    currency: p.currency,
    place: p.place,
    retainerCents: p.retainerCents,
    balanceDaysBefore: p.balanceDaysBefore,
    note: p.note,
  });

  const list = () =>
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
        changeAsked: booking.changeAskedAt !== null,
      };
    });

  function detail(id: string) {
    const booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    return {
      ...view(booking, 'studio'),
      audit: bookings.audit(id),
      link: booking.status === 'draft' ? null : proposalUrl(booking),
      /** The proposal as the studio's form edits it (its tax is the place's, worked out anew). */
      input: proposalInput(booking.proposal),
    };
  }

  function create(input: ProposalInput, actor: string) {
    const id = newBookingId();
    bookings.create(id, withTax(input), actor, now());
    return detail(id);
  }

  /** A new version, before the contract is signed (after it, events move by addendum). */
  function revise(id: string, input: ProposalInput, actor: string) {
    const booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    if (!bookingMay(booking.status, 'revise')) {
      throw new BookingProblem(
        409,
        booking.status === 'signed'
          ? 'The contract is signed: move an event instead.'
          : 'This booking is cancelled.',
      );
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
    return detail(id);
  }

  function send(id: string, actor: string) {
    let booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    if (!bookingMay(booking.status, 'send'))
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
    return detail(id);
  }

  function withdraw(id: string, actor: string) {
    if (!bookings.get(id)) throw new BookingProblem(404, 'No such booking.');
    bookings.withdraw(id, actor, now());
    return detail(id);
  }

  /** An event moved after signing: only its instalment moves, and the couple signs an addendum. */
  function moveEvent(id: string, eventId: string, date: string, actor: string) {
    const booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    if (!bookingMay(booking.status, 'move'))
      throw new BookingProblem(
        409,
        'Only a signed booking’s events move by addendum: edit the proposal instead.',
      );
    const event = booking.proposal.events.find((each) => each.id === eventId);
    if (!event) throw new BookingProblem(404, 'No such event.');
    if (event.date === date) return detail(id);
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
    return detail(id);
  }

  /** A payment made another way (Interac e-Transfer, bank transfer, cash), as the studio records it. */
  function record(
    id: string,
    input: { instalment: string; method: Exclude<PaymentMethod, 'paypal'>; payer: string },
    actor: string,
  ) {
    const booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    const instalment = instalmentsOf(booking.proposal).find((each) => each.id === input.instalment);
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
        at: now(),
      },
      actor,
      paidLine(
        labelOf(booking, instalment.id),
        { cents: instalment.cents, currency: booking.proposal.currency },
        input.payer,
        input.method,
      ),
    );
    if (added === 'closed')
      throw new BookingProblem(409, 'This booking is not signed, or is cancelled.');
    if (added === 'paid') throw new BookingProblem(409, 'This instalment is paid already.');
    const by = content().studio.methods[input.method];
    receipted(booking, instalment, { cents: instalment.cents, at: now(), payer: input.payer, by });
    return detail(id);
  }

  /** Cancellations under way in this process: a second click waits for the first's answer. */
  const cancelling = new Map<string, Promise<ReturnType<typeof detail>>>();

  /**
   * Cancels under the contract's terms: the booking is taken first (nothing can be paid on it
   * after), what the terms give back of the money paid beyond the retainer is fixed, then given
   * back through PayPal, payment by payment, each refund recorded by PayPal's id for it. A
   * retry after PayPal failed half-way gives back what is left of that sum, never more.
   */
  function cancel(id: string, actor: string) {
    const running = cancelling.get(id);
    if (running) return running;
    const work = cancelOnce(id, actor).finally(() => cancelling.delete(id));
    cancelling.set(id, work);
    return work;
  }

  async function cancelOnce(id: string, actor: string) {
    let booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    if (booking.status === 'cancelled') return detail(id);
    if (booking.status !== 'cancelling') {
      const upcoming = booking.proposal.events
        .map((e) => e.date)
        .filter((d) => d >= today(now()))
        .sort()[0];
      const notice = upcoming ? daysBetween(today(now()), upcoming) : 0;
      const paidBeyond = beyondRetainer(id).reduce((sum, p) => sum + p.cents, 0);
      const owed = cancellationRefund(
        paidBeyond,
        notice,
        content().cancellation.tiers,
        minorUnit(booking.proposal.currency),
      );
      if (
        !bookings.claimCancel(
          id,
          owed,
          actor,
          now(),
          cancellingLine({ cents: owed, currency: booking.proposal.currency }),
        )
      ) {
        throw new BookingProblem(409, 'This booking cannot be cancelled as it stands.');
      }
      booking = bookings.get(id)!;
    }
    const { currency } = booking.proposal;
    const owed = booking.refundOwedCents ?? 0;
    const given = () => beyondRetainer(id).reduce((sum, p) => sum + p.refundedCents, 0);
    for (const payment of beyondRetainer(id)
      .filter((p) => p.captureId)
      .reverse()) {
      const cents = Math.min(owed - given(), payment.cents - payment.refundedCents);
      if (cents <= 0) continue;
      let refund;
      try {
        // One request id per payment's cancellation refund: asked again, PayPal answers with
        // the refund it made, which is recorded once by its id.
        refund = await paypal.refundCapture(
          payment.captureId!,
          { currency_code: currency, value: formatAmount(cents, currency) },
          `cancel-${id}-${payment.instalment}`,
        );
      } catch (error) {
        if (error instanceof PayPalUnavailable) {
          throw new BookingProblem(
            503,
            'PayPal could not be reached: the booking is cancelled and nothing more can be paid on it. Cancel again in a minute to finish its refunds.',
          );
        }
        if (!(error instanceof PayPalRefused)) throw error;
        toStudio(
          'A cancellation’s refund was refused by PayPal',
          `PayPal refused to give back ${formatMoney(cents, currency)} of ${payment.instalment} (${error.issue}). Look at the payment in PayPal, then cancel again: only what is still owed is given back.`,
          booking,
        );
        throw new BookingProblem(
          409,
          `PayPal refused a refund (${error.issue}): the booking stays cancelling. Cancel again once it is settled in PayPal.`,
        );
      }
      const back = parseAmount(refund.amount?.value ?? '') ?? cents;
      bookings.refunded(
        {
          id: refund.id,
          bookingId: id,
          instalment: payment.instalment,
          cents: back,
          reason: 'cancellation',
          at: now(),
        },
        actor,
        refundLine(labelOf(booking, payment.instalment), { cents: back, currency }, 'cancellation'),
      );
    }
    const left = owed - given();
    const refunds = bookings
      .refunds(id)
      .filter((refund) => refund.reason === 'cancellation')
      .map((refund) => ({ label: labelOf(booking, refund.instalment), cents: refund.cents }));
    const told = {
      couple: booking.proposal.couple,
      currency,
      givenBackCents: owed,
      refunds,
      leftCents: Math.max(left, 0),
    };
    // Told before the booking is marked cancelled, once: a crash between the two is finished by
    // cancelling again, which finds the e-mails queued already.
    queue(
      booking.proposal.signers.map((signer) =>
        mail.cancelledEmail(studio(), content().words, signer, told, proposalUrl(booking)),
      ),
      'buyer',
      `cancelled:${id}`,
    );
    toStudio(
      'A booking is cancelled',
      [
        cancellingLine({ cents: owed, currency }),
        ...refunds.map(
          (refund) =>
            `${formatMoney(refund.cents, currency)} of ${refund.label} went back through PayPal.`,
        ),
        ...(left > 0
          ? [`${formatMoney(left, currency)} was paid another way: give it back the same way.`]
          : []),
      ].join(' '),
      booking,
      [],
      `cancelled-studio:${id}`,
    );
    bookings.move(
      id,
      'cancelled',
      actor,
      `${cancellingLine({ cents: owed, currency })}; ${formatMoney(owed - Math.max(left, 0), currency)} given back through PayPal${left > 0 ? `, ${formatMoney(left, currency)} to give back another way` : ''}`,
      now(),
    );
    if (left > 0) {
      toStudio(
        'Give back the rest of a cancelled booking',
        `The terms refund ${formatMoney(left, currency)} more than PayPal took: give it back the way it was paid.`,
        booking,
        [],
        `cancel-rest:${id}`,
      );
    }
    return detail(id);
  }

  /** The booking's payments beyond the retainer, which a cancellation's terms give back. */
  const beyondRetainer = (id: string) =>
    bookings.payments(id).filter((p) => p.instalment !== 'retainer');

  return { list, detail, create, revise, send, withdraw, moveEvent, record, cancel };
}
