// An instalment paid through PayPal by the service's own flow: held for its payer before PayPal
// is asked, created at its amount and sealed, captured by the service, and recorded once,
// whoever reports it first (the page, PayPal's webhook, the reconciliation). Money PayPal took
// that the booking cannot keep (a cancelled booking's, an instalment's second) goes back at once
// (money-back.ts).
import { parseAmount } from '@/lib/shared/money';
import { PayPalRefused, type PayPalClient } from '../paypal/client';
import { instalmentLabel, instalmentsOf } from './contract';
import { BookingProblem, type BookingContext } from './context';
import { moneyBackActions } from './money-back';
import { completedCapture, instalmentOrder, payerOf } from './paypal-order';
import { paidLine } from './history';
import { bookingMay } from './states';
import type { Booking } from './store';
import { readPaymentCustomId } from './tokens';

/** How long a payer holds an instalment while PayPal's window is open. */
export const HOLD_MS = 15 * 60 * 1000;

type Order = NonNullable<Awaited<ReturnType<PayPalClient['getOrder']>>>;

export function payingActions(ctx: BookingContext) {
  const { bookings, secret, paypal, log, now, content, studio } = ctx;
  const { open, view, receipted, labelOf } = ctx;
  const { giveBack, missingBooking } = moneyBackActions(ctx);
  /** One settlement of an instalment at a time: a second waits, then finds it paid. */
  const settling = new Map<string, Promise<unknown>>();

  /** Whether the booking can no longer take this order's money: why, in the payer's words. */
  function closedFor(booking: Booking, generation: number | null) {
    if (!bookingMay(booking.status, 'pay')) return 'This booking was cancelled: nothing was taken.';
    if (booking.withdrawnAt || (generation !== null && generation !== booking.generation)) {
      return 'The studio has withdrawn this link: nothing was taken. Ask them for a new one.';
    }
    return null;
  }

  /**
   * Records a paid PayPal order for an instalment, once, and e-mails its receipt (none again for
   * an order the database never saw asked for: restored after it was lost).
   */
  async function recordPayPal(
    booking: Booking,
    instalmentId: string,
    order: Order,
    attempt: { payer: string } | null,
  ) {
    const capture = completedCapture(order);
    if (!capture) return false;
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
    const payer = payerOf(order, attempt?.payer ?? '');
    const at = now();
    const payment = {
      bookingId: booking.id,
      instalment: instalmentId,
      cents: capture.cents!,
      taxCents: instalment.taxCents,
      method: 'paypal' as const,
      payer,
      paypalOrderId: order.id,
      captureId: capture.captureId,
      at,
    };
    const recorded = bookings.pay(
      payment,
      payer,
      paidLine(
        labelOf(booking, instalmentId),
        { cents: payment.cents, currency: booking.proposal.currency },
        payer,
        'PayPal',
      ),
    );
    if (recorded === 'closed') {
      await giveBack(booking, capture, instalmentId, 'cancelled');
      return true;
    }
    if (recorded === 'paid') {
      const first = bookings.payments(booking.id).find((p) => p.instalment === instalmentId);
      if (first?.captureId !== capture.captureId) {
        await giveBack(booking, capture, instalmentId, 'paid twice');
      }
      return true;
    }
    const paid = { cents: capture.cents!, at, payer, by: 'PayPal' };
    receipted(booking, instalment, paid, !attempt);
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
    if (booking.status === 'cancelling' || booking.status === 'cancelled') {
      throw new BookingProblem(409, 'This booking is cancelled: there is nothing to pay.');
    }
    if (!bookingMay(booking.status, 'pay')) {
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
    // One invoice per payer's attempt: PayPal takes an invoice id once, and a payer whose hold
    // lapsed must not stop the next one (a repeat of the same attempt is PayPal's replay).
    const attempt = `${booking.id}-${instalment.id}-${input.holder}`;
    const request = instalmentOrder(
      secret,
      { id: booking.id, couple: booking.proposal.couple, currency: booking.proposal.currency },
      instalment,
      label,
      studio().name,
      attempt,
    );
    const created = await paypal.createOrder(request, attempt.slice(0, 108));
    bookings.attempt({
      paypalOrderId: created.id,
      bookingId: booking.id,
      instalment: instalment.id,
      cents: instalment.cents,
      payer: input.payer,
      holder: input.holder,
      heldUntil: at + HOLD_MS,
      createdAt: at,
      generation: booking.generation,
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
   * is paid already, or the booking can no longer be paid), recorded when completed. Called by
   * the page, the webhook and the reconciliation alike; a repeat does nothing more.
   * 'missing': sealed for a booking this database lacks (the studio is told, once).
   */
  async function settle(orderId: string): Promise<'recorded' | 'not-ours' | 'pending' | 'missing'> {
    const order = await paypal.getOrder(orderId);
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
    const key = `${sealed.id}:${sealed.instalment}`;
    const before = settling.get(key) ?? Promise.resolve();
    const mine = before.catch(() => {}).then(() => settleOne(orderId, order, sealed));
    settling.set(key, mine);
    try {
      return await mine;
    } finally {
      if (settling.get(key) === mine) settling.delete(key);
    }
  }

  async function settleOne(
    orderId: string,
    first: Order,
    sealed: { id: string; instalment: string },
  ): Promise<'recorded' | 'pending' | 'missing'> {
    const attempt = bookings.findAttempt(orderId);
    const booking = bookings.get(sealed.id);
    if (!booking) {
      missingBooking(first, sealed);
      return 'missing';
    }
    // Asked again: a settlement just before this one may have moved it on.
    let order = (await paypal.getOrder(orderId)) ?? first;
    if (order.status === 'APPROVED') {
      const closed = closedFor(booking, attempt?.generation ?? null);
      if (closed) {
        bookings.release(orderId);
        bookings.note(
          booking.id,
          'PayPal',
          'payment refused',
          `${sealed.instalment} (${orderId})`,
          now(),
        );
        throw new BookingProblem(409, closed);
      }
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
    return (await recordPayPal(bookings.get(booking.id)!, sealed.instalment, order, attempt))
      ? 'recorded'
      : 'pending';
  }

  return { createPayment, capturePayment, settle };
}
