// A cancellation under the contract's terms (the studio's, studio.ts): the booking taken first,
// what the terms give back fixed, given back through PayPal payment by payment, and everyone told.
import { cancellationRefund, daysBetween } from '@/lib/booking/schedule';
import { formatAmount, formatMoney, minorUnit, parseAmount } from '@/lib/shared/money';
import { PayPalRefused, PayPalUnavailable } from '../paypal/client';
import { BookingProblem, today, type BookingContext } from './context';
import { cancellingLine, refundLine } from './history';
import * as mail from './mail';

export function cancelActions<Detail>(ctx: BookingContext, detail: (id: string) => Detail) {
  const { bookings, paypal, now, content, studio, proposalUrl, queue, toStudio, labelOf } = ctx;

  /** Cancellations under way in this process: a second click waits for the first's answer. */
  const cancelling = new Map<string, Promise<Detail>>();

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
    // One notice, with what the studio must give back itself (paid another way) when any.
    toStudio(
      left > 0 ? 'A booking is cancelled: give back the rest' : 'A booking is cancelled',
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
      [
        cancellingLine({ cents: owed, currency }),
        ...(given() > 0 ? [`${formatMoney(given(), currency)} given back through PayPal`] : []),
        ...(left > 0 ? [`${formatMoney(left, currency)} to give back the way it was paid`] : []),
      ].join('; '),
      now(),
    );
    return detail(id);
  }

  /** The booking's payments beyond the retainer, which a cancellation's terms give back. */
  const beyondRetainer = (id: string) =>
    bookings.payments(id).filter((p) => p.instalment !== 'retainer');

  return { cancel };
}
