// A paid order the database does not hold, found at PayPal: restored from PayPal's record when
// this service created it (the database lost it, or was restored from an older backup), and
// recorded and delivered unless another path recorded it first. Shared by the capture, the
// delivery to whichever path asks first, and the older flow (legacy.ts).
import { applyCode } from '../codes';
import { paidOrder, type PayPalOrder } from '../paypal-orders';
import type { OrderRecord } from '../store';
import { sealMatches } from '../tokens';
import { oneLine, sameAddress, type Claim, type Delivery, type OrderContext } from './context';

/**
 * An order this service created that its database does not hold (lost, restored from a backup
 * taken before it): PayPal is the ledger, so it is restored from PayPal's record. Its seal says
 * whether an address is the one given at checkout: a buyer recovering it must name that address
 * (or the PayPal account's); PayPal's webhook and the reconciliation deliver to the checkout
 * address when the PayPal account's is it, else to the PayPal account's, where PayPal sent its
 * receipt. A discount is honoured when the seal vouches for its code, else only when it is the
 * code's own discount.
 */
export function restoreOrder(
  ctx: OrderContext,
  orderId: string,
  order: PayPalOrder,
  claim: Claim,
): Delivery {
  const { config, store, catalog, log, now } = ctx;
  const shop = catalog.get();
  const paid = paidOrder(order, shop.packsBySlug, shop.currency);
  if ('pending' in paid) return { kind: 'pending' };
  if ('refunded' in paid || 'problem' in paid || paid.custom.kind !== 'reference') {
    log.warn({ msg: 'order not restorable', orderId, source: claim.source });
    return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
  }
  const { ref, seal, code } = paid.custom;
  const sealed = (email: string | null) =>
    !!email && !!seal && sealMatches(config.downloadSecret, seal, ref, email, code);
  const asked = claim.source === 'recovery' ? claim.email : null;
  const payer = paid.payerEmail;
  let email: string | null;
  if (asked) {
    const owner = sealed(asked) || (!!payer && sameAddress(payer, asked));
    if (!owner) {
      log.warn({ msg: 'recovery for another address', orderId });
      return { kind: 'unknown' };
    }
    email = asked;
  } else {
    email = payer;
  }
  if (!email) return ctx.refuseAfterPayment(orderId, 'no address to deliver to', null);
  let discountCode: string | null = null;
  if (paid.discountCents > 0) {
    const vouched = code && sealed(email);
    const applied =
      code && !vouched
        ? applyCode(store, code, paid.lines, paid.createdAt ?? now(), shop.currency)
        : null;
    if (!code || (applied && ('problem' in applied || applied.cents !== paid.discountCents))) {
      return ctx.refuseAfterPayment(orderId, `discount of ${paid.discountCents} cents`, email);
    }
    discountCode = code;
  }
  const entry: Omit<OrderRecord, 'status'> = {
    id: orderId,
    ref,
    email,
    name: oneLine(paid.payerName),
    phone: '',
    address: '',
    lines: paid.lines,
    totalCents: paid.totalCents,
    currency: shop.currency,
    discountCode,
    discountCents: paid.discountCents,
    source: 'recovery',
    createdAt: paid.createdAt ?? now(),
    // Lost with the database: today's terms are the best record of those the buyer saw.
    terms: shop.terms ?? null,
  };
  const result = recordFound(ctx, entry);
  log.info({
    msg: 'order restored from PayPal',
    orderId,
    sealed: sealed(email),
    result: result.kind,
  });
  return result;
}

/**
 * Records a paid order the database did not hold and delivers it, unless its code had no use
 * left (the studio settles it) or another path recorded it first (its delivery then).
 */
export function recordFound(ctx: OrderContext, entry: Omit<OrderRecord, 'status'>): Delivery {
  const recorded = ctx.record(entry);
  if (recorded === 'code-used-up') {
    return ctx.refuseAfterPayment(
      entry.id,
      `discount code ${entry.discountCode} used up`,
      entry.email,
    );
  }
  if (!recorded) {
    const current = ctx.store.findOrder(entry.id);
    return current ? ctx.settled(current) : { kind: 'unknown' };
  }
  return { kind: 'delivered', order: { ...entry, status: 'paid' }, created: true };
}
