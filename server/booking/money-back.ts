// Money PayPal holds that a booking does not keep as paid: a capture the booking cannot keep,
// given back at once; a refund or reversal made at PayPal (the studio's, a chargeback), recorded
// on the booking; after a restore, refunds found on a booking going ahead and payments sealed for
// a booking the database lacks, said to the studio.
import { formatAmount, formatMoney, parseAmount } from '@/lib/shared/money';
import { PayPalRefused, type PayPalClient } from '../paypal/client';
import type { GivenBack } from '../paypal/refunds';
import type { BookingContext } from './context';
import { completedCapture, payerOf } from './paypal-order';
import { refundLine } from './history';
import { bookingMay } from './states';
import type { Booking } from './store';

type Order = NonNullable<Awaited<ReturnType<PayPalClient['getOrder']>>>;

export function moneyBackActions(ctx: BookingContext) {
  const { bookings, paypal, log, now, toStudio, labelOf } = ctx;

  /**
   * Gives a whole capture back that the booking cannot keep (asked of PayPal under one request
   * id per capture, so a retry is the same refund) and tells the studio once, in words.
   */
  async function giveBack(
    booking: Booking,
    capture: NonNullable<ReturnType<typeof completedCapture>>,
    instalment: string,
    why: 'cancelled' | 'paid twice',
  ) {
    const currency = booking.proposal.currency;
    const amount = formatMoney(capture.cents!, currency);
    const label = labelOf(booking, instalment);
    try {
      await paypal.refundCapture(
        capture.captureId,
        { currency_code: currency, value: formatAmount(capture.cents!, currency) },
        `give-back-${capture.captureId}`,
      );
    } catch (error) {
      if (!(error instanceof PayPalRefused)) throw error;
      // Given back already (the studio, in PayPal): nothing left to do. Else the studio does it.
      if (error.issue !== 'CAPTURE_FULLY_REFUNDED') {
        toStudio(
          `Give back a payment PayPal would not refund`,
          `PayPal took ${amount} for ${label}, which the booking cannot keep (${why}), and refused to give it back (${error.issue}). Refund it in PayPal.`,
          booking,
          [['PayPal capture', capture.captureId]],
          `given-back:${capture.captureId}`,
        );
      }
      return;
    }
    toStudio(
      why === 'cancelled'
        ? `Given back: a payment after the booking was cancelled`
        : `Given back: ${label} was paid twice`,
      why === 'cancelled'
        ? `PayPal took ${amount} for ${label} after the booking was cancelled. The service gave all of it back through PayPal; nothing is recorded on the booking.`
        : `PayPal took a second payment of ${amount} for ${label}, which was paid already. The service gave the second back through PayPal; the first stands.`,
      booking,
      [
        ['Instalment', label],
        ['PayPal capture', capture.captureId],
      ],
      `given-back:${capture.captureId}`,
    );
    log.info({ msg: 'booking payment given back', bookingId: booking.id, why });
  }

  /**
   * PayPal holds a payment sealed for a booking this database lacks (restored from a backup
   * older than the booking): the studio hears what PayPal knows, once per order.
   */
  function missingBooking(order: Order, sealed: { id: string; instalment: string }) {
    log.error({
      msg: 'a booking payment names a booking this database lacks',
      orderId: order.id,
      bookingId: sealed.id,
    });
    const unit = order.purchase_units?.[0];
    const capture = unit && completedCapture(order);
    const currency = unit?.amount.currency_code ?? '';
    const cents = parseAmount(unit?.amount.value ?? '') ?? 0;
    toStudio(
      'A booking PayPal was paid for is missing from the database',
      `PayPal holds a payment for booking ${sealed.id}, which this database does not have (it was restored from a backup older than the booking). Nothing was lost at PayPal. Its signed contract is the PDF the service e-mailed you when it was signed ("Signed" in your inbox, booking ${sealed.id}); make the booking again from it and record this payment.`,
      { id: sealed.id, proposal: { couple: unit?.description ?? 'Unknown couple' } },
      [
        ['Instalment', sealed.instalment],
        ['Amount', formatMoney(cents, currency)],
        ['Status at PayPal', capture ? 'captured' : order.status.toLowerCase()],
        ['Payer', payerOf(order, '')],
        ['PayPal order', order.id],
      ],
      `booking-missing:${order.id}`,
    );
  }

  /**
   * Money PayPal gave back on a booking's capture that the service did not ask for here (the
   * studio's refund in PayPal, a chargeback), or did and is told of again: recorded once by its
   * id, the studio told once. False when the capture is no booking's; 'known' when the refund
   * was recorded before.
   */
  function givenBackAtPayPal({ capture, id, cents, reversal }: GivenBack) {
    const payment = bookings.paymentByCapture(capture.id);
    if (!payment) return false;
    if (!id || !cents || cents <= 0) return 'known';
    const booking = bookings.get(payment.bookingId)!;
    // A cancellation's own refund whose event came before its answer was recorded.
    const ours = booking.status === 'cancelling';
    const reason = ours ? 'cancellation' : reversal ? 'reversal' : 'paypal';
    const added = bookings.refunded(
      {
        id,
        bookingId: payment.bookingId,
        instalment: payment.instalment,
        cents,
        reason,
        at: now(),
      },
      'PayPal',
      refundLine(
        labelOf(booking, payment.instalment),
        { cents, currency: booking.proposal.currency },
        reason,
      ),
    );
    if (added && !ours) {
      const amount = formatMoney(cents, booking.proposal.currency);
      toStudio(
        reversal
          ? 'A payer reversed a booking’s payment'
          : 'A booking’s payment was refunded in PayPal',
        `${amount} of ${labelOf(booking, payment.instalment)} went back through PayPal${reversal ? ' (a chargeback or reversal)' : ''}. The booking, its page and the quarter’s report now count it.`,
        booking,
        [['PayPal capture', capture.id]],
        `booking-refund:${id}`,
      );
    }
    return added ? 'recorded' : 'known';
  }

  /**
   * After a restore: PayPal gave money back on a booking the database holds as going ahead,
   * perhaps a cancellation made after the backup. The studio confirms it (or not) at /studio/.
   */
  function refundsFound(id: string) {
    const booking = bookings.get(id);
    if (!booking || !bookingMay(booking.status, 'cancel') || booking.status === 'cancelling')
      return;
    const back = bookings.payments(id).reduce((sum, p) => sum + p.refundedCents, 0);
    toStudio(
      'Confirm a booking’s state after the restore',
      `PayPal has given back ${formatMoney(back, booking.proposal.currency)} on this booking, which the restored database holds as ${booking.status}. If you cancelled it after the backup, cancel it again at /studio/ to confirm: only what its terms still owe is given back, and nothing is refunded twice.`,
      booking,
      [],
      `refunds-found:${id}:${back}`,
    );
  }

  return { giveBack, missingBooking, givenBackAtPayPal, refundsFound };
}
