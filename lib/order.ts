// The order model, one for the browser and the service: what a cart buys, what PayPal is asked for,
// and what the service reads back from PayPal before it delivers. No zod and no content here, so
// that the checkout's bundle stays light and the service checks with the very same rules.
import type { CartLine, Catalog } from '@/lib/cart';
import type { Pack } from '@/lib/catalog';
import { formatAmount, parseAmount } from '@/lib/money';

/** A pack as an order knows it: its slug (its sku at PayPal), name and price. */
export type PackRef = Pick<Pack, 'slug' | 'name' | 'priceCents'>;

/** One line of an order. A pack is a licence: it is bought once. */
export type OrderLine = PackRef & { quantity: 1 };

/** The lines of a cart, at catalogue prices; lines the catalogue does not know are left out. */
export function orderLines(lines: readonly CartLine[], catalog: Catalog): OrderLine[] {
  return lines.flatMap((line) => {
    const pack = catalog.get(line.slug);
    return pack
      ? [{ slug: pack.slug, name: pack.name, priceCents: pack.priceCents, quantity: 1 as const }]
      : [];
  });
}

export function orderTotalCents(lines: readonly Pick<OrderLine, 'priceCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents, 0);
}

/**
 * A discount code as the service keeps it. A percent code takes that share of the packs it
 * applies to (all when `packs` is null), rounded to the nearest cent; a fixed one takes its amount,
 * at most their sum. `minimumCents` is the catalogue total the cart must reach first.
 */
export type DiscountRule = {
  code: string;
  kind: 'percent' | 'fixed';
  /** The percentage (1 to 99) or the amount in cents. */
  value: number;
  packs: string[] | null;
  minimumCents: number | null;
};

/** Why a code does not apply to these lines, or how many cents it takes off. */
export function discountCents(
  lines: readonly OrderLine[],
  rule: DiscountRule,
): { cents: number } | { problem: 'minimum' | 'not-applicable' } {
  const total = orderTotalCents(lines);
  if (rule.minimumCents !== null && total < rule.minimumCents) return { problem: 'minimum' };
  const eligible = orderTotalCents(
    lines.filter((line) => rule.packs === null || rule.packs.includes(line.slug)),
  );
  if (eligible === 0) return { problem: 'not-applicable' };
  const cents =
    rule.kind === 'percent'
      ? Math.round((eligible * rule.value) / 100)
      : Math.min(rule.value, eligible);
  // PayPal takes no payment of nothing: a code may lower the total to a cent, never to zero.
  return { cents: Math.min(cents, total - 1) };
}

/** A discount applied to an order: its code and what it takes off. */
export type AppliedDiscount = { code: string; cents: number };

/** PayPal's limit on an item name, an id or a description (Orders v2). */
export const PAYPAL_TEXT_MAX = 127;

type Money = { currency_code: string; value: string };

/** The items of an order as PayPal's Orders v2 API takes and returns them. */
export type PayPalItem = {
  name: string;
  sku?: string;
  unit_amount: Money;
  quantity: string;
  category?: 'DIGITAL_GOODS' | 'PHYSICAL_GOODS' | 'DONATION';
};

export type PurchaseUnit = {
  description?: string;
  invoice_id?: string;
  custom_id?: string;
  amount: Money & { breakdown?: { item_total?: Money; discount?: Money } };
  items?: PayPalItem[];
};

/** Our own reference for an order: its invoice number on the buyer's PayPal receipt. */
export function newOrderReference(random: () => string = () => crypto.randomUUID()): string {
  return `SJ-${random().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/** The ways a buyer pays through PayPal's buttons (the JS SDK's `fundingSource`). */
export const FUNDING_SOURCES = ['paypal', 'paylater', 'venmo', 'card'] as const;
export type FundingSource = (typeof FUNDING_SOURCES)[number];

/**
 * The order the service asks PayPal for: one purchase unit listing every pack (name, sku, price,
 * quantity 1, digital goods) with its item total and discount; our reference as invoice number
 * and `custom_id`; no shipping (nothing is shipped), asked where the funding source takes it.
 */
export function orderRequest(
  lines: readonly OrderLine[],
  currency: string,
  reference: { reference: string; description: string; fundingSource?: FundingSource },
  discount?: AppliedDiscount | null,
) {
  const money = (cents: number): Money => ({ currency_code: currency, value: formatAmount(cents) });
  const itemTotal = orderTotalCents(lines);
  const unit: PurchaseUnit = {
    description: reference.description.slice(0, PAYPAL_TEXT_MAX),
    invoice_id: reference.reference,
    custom_id: reference.reference,
    amount: {
      ...money(itemTotal - (discount?.cents ?? 0)),
      breakdown: {
        item_total: money(itemTotal),
        ...(discount ? { discount: money(discount.cents) } : {}),
      },
    },
    items: lines.map((line) => ({
      name: line.name.slice(0, PAYPAL_TEXT_MAX),
      sku: line.slug,
      unit_amount: money(line.priceCents),
      quantity: String(line.quantity),
      category: 'DIGITAL_GOODS',
    })),
  };
  const noShipping = { shipping_preference: 'NO_SHIPPING' as const };
  // The wallet's experience_context is PayPal's current field; a card payment reads only the
  // (deprecated) application_context.
  const wallet = reference.fundingSource !== 'card' && reference.fundingSource !== 'venmo';
  return {
    intent: 'CAPTURE' as const,
    purchase_units: [unit],
    ...(wallet
      ? {
          payment_source: {
            paypal: { experience_context: { ...noShipping, user_action: 'PAY_NOW' as const } },
          },
        }
      : { application_context: noShipping }),
  };
}

export type OrderRequest = ReturnType<typeof orderRequest>;

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
  | { lines: OrderLine[]; itemTotalCents: number; discountCents: number; totalCents: number }
  | { problem: string } {
  const items = unit.items ?? [];
  if (items.length === 0) return { problem: 'the order lists no items' };
  const lines: OrderLine[] = [];
  for (const item of items) {
    const pack = item.sku ? packs.get(item.sku) : undefined;
    if (!pack) return { problem: `unknown sku "${item.sku ?? ''}"` };
    if (lines.some((line) => line.slug === pack.slug)) {
      return { problem: `${pack.slug} listed twice` };
    }
    if (item.quantity !== '1') return { problem: `${pack.slug} quantity ${item.quantity}` };
    if (item.unit_amount.currency_code !== currency) {
      return { problem: `${pack.slug} priced in ${item.unit_amount.currency_code}` };
    }
    if (parseAmount(item.unit_amount.value) !== pack.priceCents) {
      return {
        problem: `${pack.slug} priced ${item.unit_amount.value}, catalogue ${pack.priceCents}`,
      };
    }
    lines.push({ slug: pack.slug, name: pack.name, priceCents: pack.priceCents, quantity: 1 });
  }
  const itemTotalCents = orderTotalCents(lines);
  const { amount } = unit;
  const itemTotal = amount.breakdown?.item_total;
  const discount = amount.breakdown?.discount;
  if (amount.currency_code !== currency) return { problem: `amount in ${amount.currency_code}` };
  if (!itemTotal || parseAmount(itemTotal.value) !== itemTotalCents) {
    return { problem: `item total ${itemTotal?.value ?? 'missing'}, catalogue ${itemTotalCents}` };
  }
  const discountCents = discount ? parseAmount(discount.value) : 0;
  if (discountCents === null || (discount && discount.currency_code !== currency)) {
    return { problem: `discount ${discount?.value} ${discount?.currency_code}` };
  }
  const totalCents = itemTotalCents - discountCents;
  if (parseAmount(amount.value) !== totalCents) {
    return { problem: `amount ${amount.value}, catalogue total ${totalCents}` };
  }
  return { lines, itemTotalCents, discountCents, totalCents };
}
