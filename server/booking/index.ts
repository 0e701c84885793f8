// Weddings booked on the site: the studio proposes, the couple reads, asks for changes, signs
// with an e-mailed code, and pays the retainer and each event's instalment through PayPal; the
// studio moves an event, records a payment made another way, cancels, withdraws a link. Every
// change is one transaction with its audit line; every e-mail goes through the outbox. Its parts:
// context.ts (what they share), couple.ts, paying.ts, money-back.ts, studio.ts, reminders.ts and
// webhook.ts (what PayPal's webhooks hand it).
import { bookingContext, type BookingDeps } from './context';
import { coupleActions } from './couple';
import { moneyBackActions } from './money-back';
import { payingActions } from './paying';
import { sendDue } from './reminders';
import { studioActions } from './studio';
import { bookingPayments } from './webhook';

export { BookingProblem, type BookingDeps } from './context';

export function createBookings(deps: BookingDeps) {
  const ctx = bookingContext(deps);
  const moneyBack = moneyBackActions(ctx);
  const paying = payingActions(ctx);
  return {
    open: ctx.open,
    view: ctx.view,
    ...coupleActions(ctx),
    ...paying,
    givenBackAtPayPal: moneyBack.givenBackAtPayPal,
    refundsFound: moneyBack.refundsFound,
    ...studioActions(ctx),
    sendDue: () => sendDue(ctx),
    /** What PayPal's webhooks hand the booking (its instalments, their refunds). */
    payments: bookingPayments(ctx, paying.settle, moneyBack.givenBackAtPayPal),
  };
}

export type Bookings = ReturnType<typeof createBookings>;
