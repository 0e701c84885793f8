// The studio's part: every booking with its totals, a proposal made or revised, sent, its links
// withdrawn, an event moved by addendum, a payment made another way recorded, a cancellation
// under the contract's terms with its refund through PayPal (cancel.ts).
import { countryName } from '@/lib/shared/countries';
import { taxRule } from '@/lib/shared/tax';
import { changesBetween, dayOf, fillAddendum, instalmentsOf, moneyOf, sha256 } from './contract';
import { BookingProblem, type BookingContext } from './context';
import * as mail from './mail';
import type { PaymentMethod, Proposal, ProposalInput } from './model';
import { newBookingId } from './tokens';
import { paidLine } from './history';
import { bookingMay } from './states';
import { cancelActions } from './cancel';

export function studioActions(ctx: BookingContext) {
  const { bookings, catalog, now, content, studio, proposalUrl, queue } = ctx;
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
    const by = content().studio.methods[input.method];
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
        by,
      ),
    );
    if (added === 'closed')
      throw new BookingProblem(409, 'This booking is not signed, or is cancelled.');
    if (added === 'paid') throw new BookingProblem(409, 'This instalment is paid already.');
    receipted(booking, instalment, { cents: instalment.cents, at: now(), payer: input.payer, by });
    return detail(id);
  }

  const { cancel } = cancelActions(ctx, detail);

  return { list, detail, create, revise, send, withdraw, moveEvent, record, cancel };
}
