// A paid order the database does not hold, found at PayPal: restored from PayPal's record when
// this service created it (the database lost it, or was restored from an older backup), and
// recorded and delivered unless another path recorded it first. Shared by the capture, the
// delivery to whichever path asks first, and the older flow (legacy.ts).
import { parseAmount } from '@/lib/shared/money';
import { deliveredPacks } from '@/lib/shared/order';
import { applyCode } from '../discounts/codes';
import { missingPacks } from '../downloads/packs';
import { moneyKept, packsAsSold, paidOrder, saleText } from '../paypal/paid';
import { readCustomId } from '../paypal/custom-id';
import { type PayPalOrder } from '../paypal/orders';
import type { OrderRecord } from './records';
import { saleSealMatches, sealMatches } from '../downloads/tokens';
import { taxFromPayPal } from '../tax/order-tax';
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
  const sold = asSold(ctx, order);
  const paid = paidOrder(order, sold.packs, sold.currency);
  if ('pending' in paid) return { kind: 'pending' };
  if ('refunded' in paid) {
    return { kind: 'refused', status: 422, error: 'This order was refunded.', refunded: true };
  }
  if ('problem' in paid || paid.custom.kind !== 'reference') {
    const reason = 'problem' in paid ? paid.problem : 'not an order of this service';
    log.warn({ msg: 'order not restorable', orderId, source: claim.source, reason });
    // Money PayPal keeps is never answered "nothing was charged": the studio settles it.
    if (moneyKept(order)) {
      const email = claim.source === 'recovery' ? claim.email : order.payer?.email_address;
      return ctx.refuseAfterPayment(orderId, reason, email ?? null, paidAt(order));
    }
    return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
  }
  const { ref, seal, code } = paid.custom;
  const sealed = (email: string | null) =>
    !!email && !!seal && sealMatches(config.downloadSecret, seal, ref, email, code);
  const asked = claim.source === 'recovery' ? claim.email : null;
  const payer = paid.payerEmail;
  const amount = { cents: paid.totalCents, currency: sold.currency };
  // Another order of PayPal's carrying a reference we gave an order already: a copy of its
  // custom_id, paid at PayPal, that the shop never made. The studio is told, with the amount.
  const original = ctx.store.findOrderByRef(ref);
  if (original && original.id !== orderId) {
    const notMade = `PayPal holds money for an order the shop did not make (it copies the reference ${ref} of order ${original.id})`;
    const refused = ctx.refuseAfterPayment(orderId, notMade, asked ?? payer, amount);
    return asked ? { kind: 'unknown' } : refused;
  }
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
  if (!email) return ctx.refuseAfterPayment(orderId, 'no address to deliver to', null, amount);
  // The code is ours when the sale's seal or the order's seal vouches for it: its discount is
  // the one sold, and a completed payment is delivered even past the code's limit.
  const vouched = !!code && (sold.sealed || sealed(email));
  let discountCode: string | null = null;
  if (paid.discountCents > 0) {
    const applied =
      code && !vouched
        ? applyCode(store, code, paid.lines, paid.createdAt ?? now(), sold.currency)
        : null;
    if (!code || (applied && ('problem' in applied || applied.cents !== paid.discountCents))) {
      return ctx.refuseAfterPayment(
        orderId,
        `discount of ${paid.discountCents} cents`,
        email,
        amount,
      );
    }
    discountCode = code;
  }
  // Delivered whatever the catalogue says now: but a pack whose file is gone cannot be.
  const missing = missingPacks(config.packsDir, deliveredPacks(paid.lines));
  if (missing.length > 0) {
    const files = missing.map((pack) => `${pack.slug}.zip`).join(', ');
    return ctx.refuseAfterPayment(orderId, `pack files missing: ${files}`, email, amount);
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
    currency: sold.currency,
    discountCode,
    discountCents: paid.discountCents,
    source: 'recovery',
    createdAt: paid.createdAt ?? now(),
    // Lost with the database: today's terms are the best record of those the buyer saw.
    terms: shop.terms ?? null,
    // And the country the buyer gave: PayPal's payer country settles the tax.
    tax: taxFromPayPal(shop.tax, order, paid.lines, paid.discountCents, sold.currency),
  };
  const result = recordFound(ctx, entry, vouched);
  log.info({
    msg: 'order restored from PayPal',
    orderId,
    sealed: sealed(email),
    asSold: sold.sealed,
    result: result.kind,
  });
  return result;
}

/**
 * What PayPal's order is read by: its own items, prices and currency when the sale's seal vouches
 * for them (orders created since the seal: a restore delivers what was sold, whatever the
 * catalogue says now), else today's catalogue (older orders, and anything a browser wrote).
 */
export function asSold(ctx: OrderContext, order: PayPalOrder) {
  const shop = ctx.catalog.get();
  const unit = order.purchase_units?.[0];
  const custom = readCustomId(unit?.custom_id);
  const sealed =
    !!unit &&
    custom.kind === 'reference' &&
    !!custom.sale &&
    saleSealMatches(
      ctx.config.downloadSecret,
      custom.sale,
      custom.ref,
      custom.code,
      saleText(unit),
    );
  return sealed
    ? { sealed, packs: packsAsSold(unit, shop.packsBySlug), currency: unit.amount.currency_code }
    : { sealed, packs: shop.packsBySlug, currency: shop.currency };
}

/** What PayPal's order took, as its amount says. */
const paidAt = (order: PayPalOrder) => {
  const amount = order.purchase_units?.[0]?.amount;
  const cents = amount && parseAmount(amount.value);
  return amount && cents !== null && cents !== undefined
    ? { cents, currency: amount.currency_code }
    : undefined;
};

/**
 * Records a paid order the database did not hold and delivers it, unless its code had no use
 * left (the studio settles it) or another path recorded it first (its delivery then).
 */
export function recordFound(
  ctx: OrderContext,
  entry: Omit<OrderRecord, 'status'>,
  pastLimit = false,
): Delivery {
  const recorded = ctx.record(entry, { pastLimit });
  if (recorded === 'code-used-up') {
    return ctx.refuseAfterPayment(
      entry.id,
      `discount code ${entry.discountCode} used up`,
      entry.email,
      { cents: entry.totalCents, currency: entry.currency },
    );
  }
  if (!recorded) {
    const current = ctx.store.findOrder(entry.id);
    return current ? ctx.settled(current) : { kind: 'unknown' };
  }
  return { kind: 'delivered', order: { ...entry, status: 'paid' }, created: true };
}
