// A paid order the service created, delivered from PayPal's word: what capture, the webhook and
// recovery share once PayPal says it was paid.
import type { OrderLine } from '@/lib/shared/order';
import { moneyKept, paidOrder, type PaidOrder } from '../paypal/paid';
import { type PayPalOrder } from '../paypal/orders';
import type { OrderRecord } from './records';
import { refund } from './after-sale';
import type { Delivery, OrderContext } from './context';
import { formatAmount } from '@/lib/shared/money';
import { studioNotice } from '../mail/studio';
import { settledTax, type OrderTax } from '../tax/order-tax';

/**
 * Delivers an order the service created, once PayPal says it was paid: captured in full (a part
 * refunded since still counts: the studio keeps money for it), in its currency, for the packs,
 * prices and amount the service created it with, whatever the catalogue says now. The discount
 * is the one it was created with, even if the code was disabled since. Refunded in full before
 * it was delivered: it is marked refunded, and nothing is sent.
 */
export function settle(ctx: OrderContext, known: OrderRecord, order: PayPalOrder): Delivery {
  const { store, log } = ctx;
  const asSold = new Map(known.lines.map((line) => [line.slug, line]));
  const paid = paidOrder(order, asSold, known.currency);
  if ('pending' in paid) return { kind: 'pending' };
  if ('refunded' in paid) {
    refund(ctx, known, `a refund before delivery (${paid.refunded})`, true, `refunded:${known.id}`);
    return ctx.settled(store.findOrder(known.id)!);
  }
  const problem = 'problem' in paid ? paid.problem : differences(known, paid);
  if (problem) {
    if (!moneyKept(order)) {
      log.warn({ msg: 'order not paid', orderId: known.id, reason: problem });
      return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
    }
    return ctx.refuseAfterPayment(known.id, problem, known.email, amountOf(known));
  }
  // PayPal's payer country is now known: the place whose tax the price included is settled from
  // it and the buyer's word (server/tax/order-tax.ts); the amount stays, the split may move.
  const tax =
    known.tax &&
    settledTax(
      ctx.catalog.get().tax,
      known.tax,
      order,
      known.lines,
      known.discountCents,
      known.currency,
    );
  if (tax) {
    store.setTax(known.id, tax);
    if (tax.country !== known.tax!.country) {
      log.info({
        msg: 'tax settled elsewhere',
        orderId: known.id,
        given: known.tax!.country,
        now: tax.country,
      });
    }
    if (tax.closed) taxClosed(ctx, known, tax);
  }
  // The service created this order with its code: a payment PayPal completed is delivered, even
  // when the code's limit was reached while it was pending (the studio is told).
  const recorded = ctx.record({ ...known, tax, source: 'checkout' }, { pastLimit: true });
  if (recorded === 'code-used-up') {
    return ctx.refuseAfterPayment(
      known.id,
      `code ${known.discountCode} used up`,
      known.email,
      amountOf(known),
    );
  }
  const current = store.findOrder(known.id)!;
  return recorded ? { kind: 'delivered', order: current, created: true } : ctx.settled(current);
}

/**
 * Paid from a place whose scheme the studio has not registered for (PayPal's country differed from
 * the one the buyer gave): the order is delivered, and the studio told once to settle its tax.
 */
function taxClosed(ctx: OrderContext, known: OrderRecord, tax: OrderTax) {
  const { store, outbox, now, studioAddress } = ctx;
  const message = studioNotice(
    studioAddress(),
    `Order ${known.id}: paid from ${tax.place ?? tax.country}, where the shop does not sell yet`,
    {
      text: `The buyer chose ${tax.evidence.given ?? 'no country'} at the checkout, and PayPal says they are in ${tax.country}, whose scheme (${tax.schemeName ?? tax.scheme}) the studio has not registered for. The order was delivered with no tax recorded; ask your accountant how to settle it, or refund it.`,
    },
    [
      ['Order', known.id],
      ['Buyer', known.email],
      ['Amount', `${formatAmount(known.totalCents, known.currency)} ${known.currency}`],
    ],
  );
  const alert = [{ orderId: known.id, kind: 'alert' as const, message }];
  if (store.queueOnce(`tax-closed:${known.id}`, alert, now())) void outbox.kick();
}

const amountOf = (order: OrderRecord) => ({ cents: order.totalCents, currency: order.currency });

/** How PayPal's paid order differs from the one the service created, or null. */
function differences(known: OrderRecord, paid: PaidOrder): string | null {
  if (paid.custom.kind !== 'reference' || paid.custom.ref !== known.ref) {
    return 'custom_id is not the order reference';
  }
  const slugs = (lines: OrderLine[]) => lines.map((line) => line.slug).join(',');
  if (slugs(paid.lines) !== slugs(known.lines)) return `items ${slugs(paid.lines)}`;
  if (paid.discountCents !== known.discountCents) return `discount ${paid.discountCents}`;
  if (paid.totalCents !== known.totalCents) return `total ${paid.totalCents}`;
  return null;
}
