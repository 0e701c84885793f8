// An order the service created, captured once the buyer approved it in PayPal's window, and
// delivered in the same call.
import type { OrderLine, PackRef } from '@/lib/shared/order';
import { missingPacks } from '../packs';
import { packsMissing } from './create';
import { PayPalRefused } from '../paypal';
import { moneyKept, paidOrder, type PaidOrder, type PayPalOrder } from '../paypal-orders';
import type { OrderRecord } from '../store';
import { refund } from './after-sale';
import { sameAddress, type Delivery, type OrderContext } from './context';

/**
 * An approved order not captured, so nothing was charged: PayPal declined the payment
 * (`restart`: the buyer may pick another card), or its discount code's last use went to another
 * order before this buyer approved.
 */
export type Declined =
  | { kind: 'declined'; restart: boolean; issue: string }
  | { kind: 'code-taken'; code: string }
  /** A pack's file is not in place (removed since the order was created): nothing charged. */
  | { kind: 'unavailable'; packs: PackRef[] };

/**
 * Captures an order the service created, once the buyer approved it in PayPal's window, and
 * delivers it in the same call: asked by the checkout (which names the order's address: an
 * order id alone, which shows in PayPal's window, neither captures nor reveals an order) or by
 * PayPal's CHECKOUT.ORDER.APPROVED webhook (`email` null), whichever comes first. Repeating it
 * is harmless: PayPal captures once per request id, and an order already paid answers with its
 * delivery.
 */
export async function capture(
  ctx: OrderContext,
  orderId: string,
  email: string | null,
): Promise<Delivery | Declined> {
  const { config, store, paypal, catalog, log, now } = ctx;
  const known = store.findOrder(orderId);
  if (!known || known.source !== 'checkout' || !known.ref) return { kind: 'unknown' };
  if (email !== null && !sameAddress(known.email, email)) return { kind: 'unknown' };
  if (known.status !== 'created') return ctx.settled(known);
  // A pack whose file went missing since the order was created is not charged for.
  const missing = missingPacks(config.packsDir, known.lines);
  if (missing.length > 0) {
    packsMissing(ctx, missing, catalog.current()?.version ?? 'none');
    return { kind: 'unavailable', packs: missing };
  }
  // The buyer approved: the code's use is taken now (held while PayPal captures, kept for good
  // once paid), if the code has one left; else nothing is charged and the buyer may pay in full.
  const code = known.discountCode;
  if (code && !store.takeCode(code, known.ref, now(), now() + config.codeHoldMs)) {
    log.warn({ msg: 'code used up when the buyer approved', orderId });
    return { kind: 'code-taken', code };
  }
  let order: PayPalOrder | null;
  try {
    order = await paypal.captureOrder(orderId, `${known.ref}-capture`);
  } catch (error) {
    if (!(error instanceof PayPalRefused)) throw error;
    if (error.issue !== 'ORDER_ALREADY_CAPTURED') {
      log.warn({ msg: 'capture declined', orderId, issue: error.issue });
      // Nothing was charged: the use goes back (taken again if the buyer tries another card).
      if (code) store.releaseCode(code, known.ref);
      return {
        kind: 'declined',
        restart: error.issue === 'INSTRUMENT_DECLINED',
        issue: error.issue,
      };
    }
    order = await paypal.getOrder(orderId);
  }
  return order ? settle(ctx, known, order) : { kind: 'unknown' };
}

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
    return ctx.refuseAfterPayment(known.id, problem, known.email);
  }
  const recorded = ctx.record({ ...known, source: 'checkout' });
  if (recorded === 'code-used-up') {
    return ctx.refuseAfterPayment(known.id, `code ${known.discountCode} used up`, known.email);
  }
  const current = store.findOrder(known.id)!;
  return recorded ? { kind: 'delivered', order: current, created: true } : ctx.settled(current);
}

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
