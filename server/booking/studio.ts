// The studio's part: every booking with its totals, a proposal made or revised, sent, its links
// withdrawn, an event moved by addendum, a payment made another way recorded, a cancellation
// under the contract's terms with its refund through PayPal.
import { cancellationRefund, daysBetween, totals } from '@/lib/booking/schedule';
import { countryName } from '@/lib/shared/countries';
import { formatAmount, formatPrice } from '@/lib/shared/money';
import { taxRule } from '@/lib/shared/tax';
import { changesBetween, dayOf, fillAddendum, instalmentsOf, sha256 } from './contract';
import { BookingProblem, today, type BookingContext } from './context';
import * as mail from './mail';
import type { PaymentMethod, Proposal, ProposalInput } from './model';
import { newBookingId } from './tokens';

export function studioActions(ctx: BookingContext) {
  const { bookings, paypal, catalog, now, content, studio, proposalUrl, queue, toStudio } = ctx;
  const { view, receipted } = ctx;

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

  /** Whether the couple asked for a change the studio has not answered with a new version. */
  const changeAsked = (id: string) => {
    const lines = bookings.audit(id);
    const asked = lines.findLastIndex((line) => line.action === 'asked for a change');
    return asked >= 0 && !lines.slice(asked).some((line) => line.action === 'revised');
  };

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
        changeAsked: changeAsked(booking.id),
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
    return detail(id);
  }

  function send(id: string, actor: string) {
    let booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    if (booking.status === 'cancelled') throw new BookingProblem(409, 'This booking is cancelled.');
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
    if (booking.status !== 'signed')
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
        refundedCents: 0,
        at: now(),
      },
      actor,
    );
    if (!added) throw new BookingProblem(409, 'This instalment is paid already.');
    const by = content().studio.methods[input.method];
    receipted(booking, instalment, { cents: instalment.cents, at: now(), payer: input.payer, by });
    return detail(id);
  }

  /** Cancels under the contract's terms: what they refund is given back through PayPal. */
  async function cancel(id: string, actor: string) {
    const booking = bookings.get(id);
    if (!booking) throw new BookingProblem(404, 'No such booking.');
    if (booking.status === 'cancelled') return detail(id);
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
    return detail(id);
  }

  return { list, detail, create, revise, send, withdraw, moveEvent, record, cancel };
}
