// The older path, and the one every paid order shares: a paid order delivered to whichever asks
// first (PayPal's webhook, a buyer recovering an order, or the confirmation call of a checkout that
// created its order in the browser, before the service created orders). What was bought and paid
// always comes from PayPal's own order; the first path to record it wins.
import { readCustomId } from '../paypal/custom-id';
import { type PayPalOrder } from '../paypal/orders';
import { claimProblem, type Claim, type Delivery, type OrderContext } from './context';
import { deliverBrowserOrder } from './legacy';
import { restoreOrder } from './restore';
import { settle } from './settle';

/**
 * Delivers a paid order to whichever path asks first: PayPal's webhook, a buyer recovering an
 * order, or the confirmation call of a checkout that created its order in the browser. What was
 * bought and paid always comes from PayPal's own order.
 */
export async function deliver(ctx: OrderContext, orderId: string, claim: Claim): Promise<Delivery> {
  const { store, paypal, log } = ctx;
  const settledBefore = alreadySettled(ctx, orderId, claim);
  if (settledBefore) return settledBefore;

  const order = await paypal.getOrder(orderId);
  if (!order) {
    log.warn({ msg: 'order unknown to PayPal', orderId, source: claim.source });
    return { kind: 'unknown' };
  }
  // Another path (the webhook, the browser) may have recorded it while PayPal answered: its code's
  // use is then this order's own, not one taken by another.
  const settledMeanwhile = alreadySettled(ctx, orderId, claim);
  if (settledMeanwhile) return settledMeanwhile;
  const known = store.findOrder(orderId);
  if (known) {
    const problem = claimProblem(known, claim);
    if (problem) {
      log.warn({ msg: 'claim does not match the order', orderId, source: claim.source });
      return claim.source === 'recovery' ? { kind: 'unknown' } : { kind: 'refused', ...problem };
    }
    return settle(ctx, known, order);
  }
  if (isOurs(order)) return restoreOrder(ctx, orderId, order, claim);
  return deliverBrowserOrder(ctx, orderId, order, claim);
}

/** The answer for an order the database holds as settled (paid or refunded), else null. */
function alreadySettled(ctx: OrderContext, orderId: string, claim: Claim): Delivery | null {
  const { store, log } = ctx;
  const known = store.findOrder(orderId);
  if (known?.status === 'refunded' && claim.source !== 'webhook') {
    log.warn({ msg: 'claim for a refunded order', orderId, source: claim.source });
    return { kind: 'unknown' };
  }
  if (!known || known.status === 'created') return null;
  const problem = claimProblem(known, claim);
  if (problem) {
    log.warn({ msg: 'claim does not match the order', orderId, source: claim.source });
    return claim.source === 'recovery' ? { kind: 'unknown' } : { kind: 'refused', ...problem };
  }
  return { kind: 'delivered', order: known, created: false };
}

/**
 * Whether PayPal's order was created by this service (our reference in custom_id), so that it is
 * restored from PayPal's record rather than read as a browser's order.
 */
const isOurs = (order: PayPalOrder) =>
  readCustomId(order.purchase_units?.[0]?.custom_id).kind === 'reference';
