// The older path, and the one every paid order shares: a paid order delivered to whichever asks
// first (PayPal's webhook, a buyer recovering an order, or the confirmation call of a checkout that
// created its order in the browser, before the service created orders). What was bought and paid
// always comes from PayPal's own order; the first path to record it wins.
import { formatAmount } from '@/lib/shared/money';
import { paidOrder, readCustomId, type PayPalOrder } from '../paypal-orders';
import { sealMatches } from '../tokens';
import { applyCode } from '../codes';
import type { OrderRecord } from '../store';
import { settle } from './settle';
import {
  lines,
  oneLine,
  sameAddress,
  type Claim,
  type Delivery,
  type OrderContext,
} from './context';

/** Why a claim does not fit the order as recorded, or null. */
function claimProblem(order: Pick<OrderRecord, 'email' | 'lines' | 'totalCents'>, claim: Claim) {
  if (claim.source === 'webhook') return null;
  const email = claim.source === 'browser' ? claim.customer.email : claim.email;
  if (!sameAddress(order.email, email)) {
    return { status: 409 as const, error: 'This order was paid for another e-mail address.' };
  }
  if (claim.source !== 'browser') return null;
  const names = order.lines.map((line) => line.name);
  if (
    claim.totalAmount !== formatAmount(order.totalCents) ||
    claim.items.length !== names.length ||
    claim.items.some((item) => !names.includes(item))
  ) {
    return { status: 422 as const, error: 'The items or total do not match this order.' };
  }
  return null;
}

/**
 * Delivers a paid order to whichever path asks first: PayPal's webhook, a buyer recovering an
 * order, or the confirmation call of a checkout that created its order in the browser. What was
 * bought and paid always comes from PayPal's own order.
 */
export async function deliver(ctx: OrderContext, orderId: string, claim: Claim): Promise<Delivery> {
  const { store, paypal, log } = ctx;
  const known = store.findOrder(orderId);
  if (known?.status === 'refunded' && claim.source !== 'webhook') {
    log.warn({ msg: 'claim for a refunded order', orderId, source: claim.source });
    return { kind: 'unknown' };
  }
  if (known && known.status !== 'created') {
    const problem = claimProblem(known, claim);
    if (problem) {
      log.warn({ msg: 'claim does not match the order', orderId, source: claim.source });
      return claim.source === 'recovery' ? { kind: 'unknown' } : { kind: 'refused', ...problem };
    }
    return { kind: 'delivered', order: known, created: false };
  }

  const order = await paypal.getOrder(orderId);
  if (!order) {
    log.warn({ msg: 'order unknown to PayPal', orderId, source: claim.source });
    return { kind: 'unknown' };
  }
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

/**
 * Whether PayPal's order was created by this service (our reference in custom_id), so that it is
 * restored from PayPal's record rather than read as a browser's order.
 */
const isOurs = (order: PayPalOrder) =>
  readCustomId(order.purchase_units?.[0]?.custom_id).kind === 'reference';

/**
 * An order this service created that its database does not hold (lost, restored from a backup
 * taken before it): PayPal is the ledger, so it is restored from PayPal's record. Its seal says
 * whether an address is the one given at checkout: a buyer recovering it must name that address
 * (or the PayPal account's); PayPal's webhook and the reconciliation deliver to the checkout
 * address when the PayPal account's is it, else to the PayPal account's, where PayPal sent its
 * receipt. A discount is honoured when the seal vouches for its code, else only when it is the
 * code's own discount.
 */
function restoreOrder(
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
 * An order a browser created at PayPal (checkouts before the service created orders): its
 * address and code come from custom_id, its discount is checked against the code as it stood
 * when the order was created.
 */
function deliverBrowserOrder(
  ctx: OrderContext,
  orderId: string,
  order: PayPalOrder,
  claim: Claim,
): Delivery {
  const { store, catalog, log, now } = ctx;
  const shop = catalog.get();
  const paid = paidOrder(order, shop.packsBySlug, shop.currency);
  const custom = 'custom' in paid ? paid.custom : null;
  const bound = custom?.kind === 'legacy' ? custom.email : null;
  if ('pending' in paid) {
    if (claim.source === 'browser' && bound && !sameAddress(bound, claim.customer.email)) {
      return { kind: 'refused', status: 409, error: 'another address' };
    }
    log.info({ msg: 'payment pending, delivery waits for its completion', orderId });
    return { kind: 'pending' };
  }
  if ('refunded' in paid || 'problem' in paid) {
    log.warn({
      msg: 'order not deliverable',
      orderId,
      source: claim.source,
      reason: 'refunded' in paid ? `refunded: ${paid.refunded}` : paid.problem,
    });
    return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
  }
  const claimed =
    claim.source === 'browser'
      ? claim.customer.email
      : claim.source === 'recovery'
        ? claim.email
        : null;
  if (claim.source === 'recovery') {
    const owners = [bound, paid.payerEmail];
    if (!owners.some((owner) => owner && sameAddress(owner, claim.email))) {
      log.warn({ msg: 'recovery for another address', orderId });
      return { kind: 'unknown' };
    }
  }
  // Where the packs go: the address given at checkout, which the order carries; else the one the
  // claim gives (a browser without custom_id), else the PayPal account's.
  const email = bound ?? claimed ?? paid.payerEmail;
  if (paid.custom.kind === 'reference' || !email) {
    return ctx.refuseAfterPayment(orderId, 'no address to deliver to', paid.payerEmail);
  }
  const customer =
    claim.source === 'browser'
      ? {
          name: oneLine(claim.customer.name),
          email,
          phone: oneLine(claim.customer.phone),
          address: lines(claim.customer.address),
        }
      : { name: oneLine(paid.payerName), email, phone: '', address: '' };

  // A discount is the code's, as it stood when the order was created at PayPal.
  let discountCode: string | null = null;
  if (paid.discountCents > 0) {
    const applied = paid.custom.code
      ? applyCode(store, paid.custom.code, paid.lines, paid.createdAt ?? now(), shop.currency)
      : ({ problem: 'unknown' } as const);
    if ('problem' in applied || applied.cents !== paid.discountCents) {
      const why = 'problem' in applied ? `code ${applied.problem}` : `code takes ${applied.cents}`;
      return ctx.refuseAfterPayment(
        orderId,
        `discount of ${paid.discountCents} cents: ${why}`,
        email,
      );
    }
    discountCode = applied.rule.code;
  }
  const entry: Omit<OrderRecord, 'status'> = {
    id: orderId,
    ref: null,
    email,
    name: customer.name,
    phone: customer.phone,
    address: customer.address,
    lines: paid.lines,
    totalCents: paid.totalCents,
    currency: shop.currency,
    discountCode,
    discountCents: paid.discountCents,
    source: claim.source,
    createdAt: now(),
    terms: shop.terms ?? null,
  };
  if (claim.source !== 'recovery') {
    const problem = claimProblem(entry, claim);
    if (problem) {
      log.warn({ msg: 'claim does not match PayPal', orderId, reason: problem.error });
      return { kind: 'refused', ...problem };
    }
  }
  return recordFound(ctx, entry);
}

/**
 * Records a paid order the database did not hold and delivers it, unless its code had no use
 * left (the studio settles it) or another path recorded it first (its delivery then).
 */
function recordFound(ctx: OrderContext, entry: Omit<OrderRecord, 'status'>): Delivery {
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
