// An order the service created, captured once the buyer approved it in PayPal's window, and
// delivered in the same call.
import type { PackRef } from '@/lib/shared/order';
import { missingPacks } from '../downloads/packs';
import { packsMissing } from './create';
import { PayPalRefused } from '../paypal/client';
import { linesFromPayPal } from '../paypal/paid';
import { readCustomId } from '../paypal/custom-id';
import { type PayPalOrder } from '../paypal/orders';
import type { OrderRecord } from './records';
import { sealMatches } from '../downloads/tokens';
import { taxFromPayPal } from '../tax/order-tax';
import { oneLine, sameAddress, type Delivery, type OrderContext } from './context';
import { asSold, restoreOrder } from './restore';
import { settle } from './settle';

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
  let known = store.findOrder(orderId);
  if (!known) {
    // Not in the database (restored from an older backup while the buyer was in PayPal's window):
    // taken back from PayPal's record when its seal vouches for the address.
    const found = await fromPayPal(ctx, orderId, email);
    if (found && 'paid' in found) {
      return restoreOrder(ctx, orderId, found.paid, { source: 'recovery', email: found.email });
    }
    known = found ? store.findOrder(orderId) : null;
  }
  if (!known || known.source !== 'checkout' || !known.ref) return { kind: 'unknown' };
  if (email !== null && !sameAddress(known.email, email)) return { kind: 'unknown' };
  if (known.status !== 'created') return ctx.settled(known);
  // A pack whose file went missing since the order was created is not charged for.
  const missing = missingPacks(config.packsDir, known.lines);
  if (missing.length > 0) {
    const captured = await capturedAtPayPal(ctx, known);
    if (captured) return captured;
    packsMissing(ctx, missing, catalog.current()?.version ?? 'none');
    return { kind: 'unavailable', packs: missing };
  }
  // The buyer approved: the code's use is taken now (held while PayPal captures, kept for good
  // once paid), if the code has one left; else nothing is charged and the buyer may pay in full.
  const code = known.discountCode;
  if (code) ctx.codeKnown(code, known.discountCents, orderId);
  if (code && !store.takeCode(code, known.ref, now(), now() + config.codeHoldMs)) {
    const captured = await capturedAtPayPal(ctx, known);
    if (captured) return captured;
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
  if (!order) return { kind: 'unknown' };
  const settled = settle(ctx, known, order);
  // A payment PayPal holds as pending (an e-check, a review: hours to days) keeps its code's use
  // until PayPal completes or denies it; one that took nothing gives it back.
  // (Extended, never taken again: a denial handled while this call waited for PayPal stands.)
  if (settled.kind === 'pending' && code) store.extendHold(code, known.ref, WHILE_PENDING);
  if (settled.kind === 'refused' && !settled.paid && !settled.refunded && code) {
    store.releaseCode(code, known.ref);
  }
  return settled;
}

/** A hold that lasts while the payment is pending at PayPal: released when PayPal denies it. */
export const WHILE_PENDING = Number.MAX_SAFE_INTEGER;

/**
 * An order PayPal captured already (the approval webhook came first, or a payment went pending
 * before): settled from PayPal's word, so that its buyer is never told "nothing was charged".
 * Null when PayPal holds no capture for it: nothing was charged.
 */
async function capturedAtPayPal(ctx: OrderContext, known: OrderRecord) {
  const order = await ctx.paypal.getOrder(known.id);
  const captures = order?.purchase_units?.[0]?.payments?.captures ?? [];
  return order && captures.length > 0 ? settle(ctx, known, order) : null;
}

/**
 * An order this service created that its database lacks, as PayPal holds it, when its seal vouches
 * for the address (the checkout's, or for PayPal's approval event the PayPal account's): approved
 * and not captured, it is written again as created, so that the buyer can still pay it; captured
 * already, it is to be restored and delivered (`paid`, PayPal's order). Null when PayPal has no
 * such order of ours.
 */
async function fromPayPal(
  ctx: OrderContext,
  orderId: string,
  email: string | null,
): Promise<{ paid: PayPalOrder; email: string } | { created: true } | null> {
  const { config, store, paypal, catalog, log, now } = ctx;
  const order: PayPalOrder | null = await paypal.getOrder(orderId);
  const unit = order?.purchase_units?.[0];
  const custom = readCustomId(unit?.custom_id);
  const address = email ?? order?.payer?.email_address ?? null;
  if (!order || !unit || custom.kind !== 'reference' || !custom.seal || !address) return null;
  if (!sealMatches(config.downloadSecret, custom.seal, custom.ref, address, custom.code)) {
    return null;
  }
  if (order.status === 'COMPLETED') return { paid: order, email: address };
  const shop = catalog.get();
  const sold = asSold(ctx, order);
  const bought = linesFromPayPal(unit, sold.packs, sold.currency);
  if (order.status !== 'APPROVED' || 'problem' in bought) return null;
  if (bought.discountCents > 0 !== !!custom.code) return null;
  const name = order.payer?.name;
  store.createOrder({
    id: orderId,
    ref: custom.ref,
    email: address,
    name: oneLine([name?.given_name, name?.surname].filter(Boolean).join(' ')),
    phone: '',
    address: '',
    lines: bought.lines,
    totalCents: bought.totalCents,
    currency: sold.currency,
    discountCode: custom.code,
    discountCents: bought.discountCents,
    createdAt: Date.parse(order.create_time ?? '') || now(),
    // Lost with the database: today's terms are the best record of those the buyer saw.
    terms: shop.terms ?? null,
    tax: taxFromPayPal(shop.tax, order, bought.lines, bought.discountCents, sold.currency),
  });
  log.info({ msg: 'order taken back from PayPal', orderId });
  return { created: true };
}
