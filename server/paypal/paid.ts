// What the service reads back from PayPal's order before it delivers: every item a pack at its
// price, the amounts adding up, the captures kept (the order asked for: orders.ts).
import { parseAmount } from '@/lib/shared/money';
import { orderTotalCents, type OrderLine, type PackRef } from '@/lib/shared/order';
import { readCustomId, type CustomId } from './custom-id';
import {
  membersNamed,
  reverseChargedTo,
  type Money,
  type PayPalItem,
  type PayPalOrder,
  type PurchaseUnit,
} from './orders';

/**
 * What a purchase unit sells, as one text for the sale's seal (tokens.ts): its currency and
 * amounts, and each item's sku, price, quantity and description, and its tax. Amounts are read as
 * cents, so that "39.9" and "39.90" are one price. The tax (or the VAT number of a reverse charge) is
 * written only where there is one, so that the seals of orders sold before tax still hold.
 */
export function saleText(unit: PurchaseUnit): string {
  const reverseCharged = reverseChargedTo(unit);
  const cents = (money: Money | undefined) =>
    money ? `${money.currency_code} ${parseAmount(money.value)}` : '-';
  const { breakdown } = unit.amount;
  return [
    cents(unit.amount),
    cents(breakdown?.item_total),
    cents(breakdown?.discount),
    ...(breakdown?.tax_total ? [`tax ${cents(breakdown.tax_total)}`] : []),
    ...(reverseCharged
      ? [`reverse-charged ${reverseCharged.number}${reverseCharged.pricedNet ? ' net' : ''}`]
      : []),
    ...(unit.items ?? []).map((item) =>
      [
        item.sku ?? '',
        cents(item.unit_amount),
        item.quantity,
        item.description ?? '',
        ...(item.tax ? [cents(item.tax)] : []),
      ].join('|'),
    ),
  ].join('\n');
}

/** An item's price as the page showed it: its amount net of tax, and the tax it includes. */
const shownPrice = (item: PayPalItem): number | null => {
  const net = parseAmount(item.unit_amount.value);
  const tax = item.tax ? parseAmount(item.tax.value) : 0;
  return net === null || tax === null ? null : net + tax;
};

/**
 * What a purchase unit sold, by sku, as PayPal records it (for a unit whose sale seal verifies:
 * items and prices are ours): each item at the price it was sold at, one that holds packs with the
 * packs its description names (else today's members, when the catalogue still sells it). A name comes from
 * the catalogue when it still sells the pack, else from PayPal's item.
 */
export function packsAsSold(
  unit: PurchaseUnit,
  today: ReadonlyMap<string, PackRef>,
): ReadonlyMap<string, PackRef> {
  const names = new Map<string, string>();
  for (const pack of today.values()) {
    names.set(pack.slug, pack.name);
    for (const member of pack.members ?? []) names.set(member.slug, member.name);
  }
  const sold = new Map<string, PackRef>();
  for (const item of unit.items ?? []) {
    const priceCents = shownPrice(item);
    if (!item.sku || priceCents === null) continue;
    const listed = membersNamed(item.description);
    const members =
      listed?.map((slug) => ({ slug, name: names.get(slug) ?? slug })) ??
      today.get(item.sku)?.members;
    sold.set(item.sku, {
      slug: item.sku,
      name: names.get(item.sku) ?? item.name,
      priceCents,
      ...(members ? { members } : {}),
    });
  }
  return sold;
}

/**
 * What a PayPal purchase unit bought, checked against the catalogue: every item a known pack (by
 * sku) at its catalogue price, once, in the shop's currency, and the amount exactly their sum less
 * the discount it states (which the service then checks against the code). A reason instead when
 * anything differs; nothing is delivered for such an order.
 */
export function linesFromPayPal(
  unit: PurchaseUnit,
  packs: ReadonlyMap<string, PackRef>,
  currency: string,
):
  | {
      lines: OrderLine[];
      itemTotalCents: number;
      discountCents: number;
      totalCents: number;
      /** The tax the total includes, as PayPal holds it (0 for a place the shop taxes not). */
      taxCents: number;
    }
  | { problem: string } {
  const items = unit.items ?? [];
  if (items.length === 0) return { problem: 'the order lists no items' };
  const lines: OrderLine[] = [];
  let taxCents = 0;
  for (const item of items) {
    const pack = item.sku ? packs.get(item.sku) : undefined;
    if (!pack) return { problem: `unknown sku "${item.sku ?? ''}"` };
    if (lines.some((line) => line.slug === pack.slug)) {
      return { problem: `${pack.slug} listed twice` };
    }
    if (item.quantity !== '1') return { problem: `${pack.slug} quantity ${item.quantity}` };
    if (
      item.unit_amount.currency_code !== currency ||
      (item.tax && item.tax.currency_code !== currency)
    ) {
      return { problem: `${pack.slug} priced in ${item.unit_amount.currency_code}` };
    }
    if (shownPrice(item) !== pack.priceCents) {
      return {
        problem: `${pack.slug} priced ${item.unit_amount.value}${item.tax ? ` + tax ${item.tax.value}` : ''}, catalogue ${pack.priceCents}`,
      };
    }
    lines.push({ ...pack, quantity: 1 });
    taxCents += item.tax ? parseAmount(item.tax.value)! : 0;
  }
  // The catalogue total, tax included: the items' nets plus the tax they include.
  const itemTotalCents = orderTotalCents(lines);
  const { amount } = unit;
  const itemTotal = amount.breakdown?.item_total;
  const taxTotal = amount.breakdown?.tax_total;
  const discount = amount.breakdown?.discount;
  if (amount.currency_code !== currency) return { problem: `amount in ${amount.currency_code}` };
  if (!itemTotal || parseAmount(itemTotal.value) !== itemTotalCents - taxCents) {
    return { problem: `item total ${itemTotal?.value ?? 'missing'}, catalogue ${itemTotalCents}` };
  }
  if ((taxTotal ? parseAmount(taxTotal.value) : 0) !== taxCents) {
    return { problem: `tax total ${taxTotal?.value ?? 'missing'}, the items' tax ${taxCents}` };
  }
  const discountCents = discount ? parseAmount(discount.value) : 0;
  if (discountCents === null || (discount && discount.currency_code !== currency)) {
    return { problem: `discount ${discount?.value} ${discount?.currency_code}` };
  }
  const totalCents = itemTotalCents - discountCents;
  if (parseAmount(amount.value) !== totalCents) {
    return { problem: `amount ${amount.value}, catalogue total ${totalCents}` };
  }
  return { lines, itemTotalCents, discountCents, totalCents, taxCents };
}

/** A paid order as PayPal holds it, checked against the catalogue. */
export type PaidOrder = {
  lines: OrderLine[];
  /** What was paid: the item total less the discount. */
  totalCents: number;
  discountCents: number;
  /** What the order carries in custom_id: see `readCustomId`. */
  custom: CustomId;
  /** When the order was created at PayPal: the moment a code had to be valid. */
  createdAt: number | null;
  payerEmail: string | null;
  payerName: string;
};

/** Captures whose money the studio keeps, in whole or in part (PayPal's capture statuses). */
const KEPT = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);

/** Captures that took no money (PayPal's capture statuses). */
const NOT_TAKEN = new Set(['DECLINED', 'FAILED']);

/** Whether PayPal holds the buyer's money for the order: a capture kept in whole or in part. */
export const moneyKept = (order: PayPalOrder) =>
  (order.purchase_units?.[0]?.payments?.captures ?? []).some((each) => KEPT.has(each.status));

/**
 * What PayPal's order says was bought and paid: 'pending' while its capture waits (an e-check,
 * a review), 'refunded' when every capture went back, a problem when it must not be delivered
 * (not completed, wrong currency, an item or amount that differs from what it was sold as,
 * captures that do not add up to the total). A capture partly refunded still counts as paid: the
 * studio keeps money for it, so it is delivered (the refund is the studio's to explain).
 */
export function paidOrder(
  order: PayPalOrder,
  packs: ReadonlyMap<string, PackRef>,
  currency: string,
): PaidOrder | { pending: string } | { refunded: string } | { problem: string } {
  const units = order.purchase_units ?? [];
  if (units.length !== 1) return { problem: `order has ${units.length} purchase units` };
  const unit = units[0]!;
  const captures = unit.payments?.captures ?? [];
  if (captures.some((capture) => capture.status === 'PENDING')) {
    return { pending: 'capture pending' };
  }
  if (order.status !== 'COMPLETED') return { problem: `order status is ${order.status}` };
  // A capture PayPal declined or failed (a pending e-check that bounced) took nothing.
  if (captures.length > 0 && captures.every((each) => NOT_TAKEN.has(each.status))) {
    return { problem: `capture ${captures.map((each) => each.status).join(', ')}` };
  }
  if (captures.length > 0 && !moneyKept(order)) {
    return { refunded: captures.map((capture) => capture.status).join(', ') };
  }
  const bought = linesFromPayPal(unit, packs, currency);
  if ('problem' in bought) return bought;
  let captured = 0;
  for (const capture of captures.filter((each) => KEPT.has(each.status))) {
    if (capture.amount.currency_code !== currency) {
      return { problem: `captured in ${capture.amount.currency_code}` };
    }
    captured += parseAmount(capture.amount.value) ?? Number.NaN;
  }
  if (captured !== bought.totalCents) {
    return { problem: `captured ${captured} cents, the catalogue total is ${bought.totalCents}` };
  }
  const created = order.create_time ? Date.parse(order.create_time) : Number.NaN;
  const name = order.payer?.name;
  return {
    lines: bought.lines,
    totalCents: bought.totalCents,
    discountCents: bought.discountCents,
    custom: readCustomId(unit.custom_id),
    createdAt: Number.isNaN(created) ? null : created,
    payerEmail: order.payer?.email_address ?? null,
    payerName: [name?.given_name, name?.surname].filter(Boolean).join(' '),
  };
}
