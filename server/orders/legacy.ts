// The older confirmation flow, in one place: orders a browser created at PayPal, before the
// service created every order (checkouts of that time still open in a tab, or an approved order
// kept in a buyer's storage), delivered when PayPal's webhook, the buyer's recovery or that
// checkout's confirmation call (routes/confirmation.ts) asks. When it can go: server/README.md.
import { applyCode } from '../discounts/codes';
import { paidOrder } from '../paypal/paid';
import { type PayPalOrder } from '../paypal/orders';
import type { OrderRecord } from './records';
import { taxFromPayPal } from '../tax/order-tax';
import {
  claimProblem,
  lines,
  oneLine,
  sameAddress,
  type Claim,
  type Delivery,
  type OrderContext,
} from './context';
import { recordFound } from './restore';

/**
 * An order a browser created at PayPal (checkouts before the service created orders): its
 * address and code come from custom_id, its discount is checked against the code as it stood
 * when the order was created.
 */
export function deliverBrowserOrder(
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
    // A browser created it: PayPal's payer country is the one piece of evidence.
    tax: taxFromPayPal(shop.tax, order, paid.lines, paid.discountCents, shop.currency),
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
