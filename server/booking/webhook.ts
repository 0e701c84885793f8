// The booking's part in PayPal's webhooks (paypal/handlers.ts): a wedding's instalment approved
// or completed is settled by its booking; a refund or reversal of a wedding's capture is recorded
// on it.
import type { PaymentHandler } from '../paypal/handlers';
import type { GivenBack } from '../paypal/refunds';
import { BookingProblem, type BookingContext } from './context';
import { BOOKING_SEAL } from './tokens';

export function bookingPayments(
  ctx: Pick<BookingContext, 'store'>,
  settle: (orderId: string) => Promise<string>,
  givenBackAtPayPal: (given: GivenBack) => string | false,
): PaymentHandler {
  return {
    /**
     * Settled when the booking asked for the order, or when the event names a booking's seal in
     * its custom_id (a payment the database lost with a backup older than it: the seal, checked
     * against PayPal's own order, brings it back). A shop order's custom_id never looks like one,
     * so each event still costs PayPal one question.
     */
    async paid(orderId, customIds) {
      const sealed = customIds.some((custom) => BOOKING_SEAL.test(custom ?? ''));
      if (!sealed && !ctx.store.bookings.findAttempt(orderId)) return null;
      try {
        return await settle(orderId);
      } catch (error) {
        if (error instanceof BookingProblem) return 'refused';
        throw error;
      }
    },
    givenBack: (refund) => givenBackAtPayPal(refund) !== false,
  };
}
