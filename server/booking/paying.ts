// An instalment paid through PayPal by the service's own flow: held for its payer before PayPal
// is asked, created at its amount and sealed, captured by the service, and recorded once,
// whoever reports it first (the page, PayPal's webhook, the reconciliation).
import { parseAmount } from '@/lib/shared/money';
import { PayPalRefused, type PayPalClient } from '../paypal/client';
import { instalmentLabel, instalmentsOf } from './contract';
import { BookingProblem, type BookingContext } from './context';
import { completedCapture, instalmentOrder, payerOf } from './paypal-order';
import type { Booking } from './store';
import { readPaymentCustomId } from './tokens';

/** How long a payer holds an instalment while PayPal's window is open. */
export const HOLD_MS = 15 * 60 * 1000;

export function payingActions(ctx: BookingContext) {
  const { bookings, secret, paypal, log, now, content, studio, toStudio } = ctx;
  const { open, view, receipted } = ctx;

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
    receipted(booking, instalment, { cents: capture.cents!, at, payer, by: 'PayPal' });
    return true;
  }

  /**
   * A PayPal order for an instalment, for its pay link (or the retainer from the proposal once
   * signed). Refused before PayPal is asked when it is paid, or someone else is paying it now.
   */
  async function createPayment(
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
  }

  /** Captures an approved order of the booking's and records it; the page's view after. */
  async function capturePayment(token: string, orderId: string) {
    const link = open(token, 'either');
    const { booking } = link;
    const attempt = bookings.findAttempt(orderId);
    if (!attempt || attempt.bookingId !== booking.id) {
      throw new BookingProblem(404, 'This payment is not one of this booking’s.');
    }
    await settle(orderId);
    return view(bookings.get(booking.id)!, link.instalment ? 'payer' : 'couple');
  }

  /**
   * Brings a booking's PayPal order to its end: captured when approved (unless its instalment
   * is paid already), recorded when completed. Called by the page, the webhook and the
   * reconciliation alike; a repeat does nothing more.
   */
  async function settle(orderId: string): Promise<'recorded' | 'not-ours' | 'pending'> {
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
  }

  return { createPayment, capturePayment, settle };
}
