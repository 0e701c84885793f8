// The order model, one for the browser and the service: what a cart buys, what PayPal is asked for,
// and what the service reads back from PayPal before it delivers. No zod and no content here, so
// that the checkout's bundle stays light and the service checks with the very same rules.
import type { CartItem, Catalog } from '@/lib/cart';
import { formatAmount, parseAmount } from '@/lib/money';

/** A pack as an order knows it: its stable id (the slug, which never changes), name and price. */
export type Pack = { sku: string; name: string; priceCents: number };

/** One line of an order. A pack is a licence: it is bought once. */
export type OrderLine = Pack & { quantity: 1 };

/** The lines of a cart, at catalogue prices; lines the catalogue does not know are left out. */
export function orderLines(items: readonly CartItem[], catalog: Catalog): OrderLine[] {
  return items.flatMap((item) => {
    const entry = catalog.get(item.id);
    return entry
      ? [{ sku: entry.sku, name: entry.name, priceCents: entry.priceCents, quantity: 1 as const }]
      : [];
  });
}

export function orderTotalCents(lines: readonly Pick<OrderLine, 'priceCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents, 0);
}

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

/** Our own reference for an order, shown as the invoice number on the buyer's PayPal receipt. */
export function newInvoiceId(random: () => string = () => crypto.randomUUID()): string {
  return `SJ-${random().toUpperCase()}`;
}

/**
 * The order PayPal creates: one purchase unit listing every pack (name, sku, price, quantity 1,
 * digital goods) with its item total. `buyerEmail` goes into `custom_id`, which the payer never
 * sees: it tells the service where to deliver when PayPal's webhook arrives before the browser.
 */
export function orderRequest(
  lines: readonly OrderLine[],
  currency: string,
  reference: { invoiceId: string; buyerEmail: string; description: string },
) {
  const money = (cents: number): Money => ({ currency_code: currency, value: formatAmount(cents) });
  const total = money(orderTotalCents(lines));
  const unit: PurchaseUnit = {
    description: reference.description.slice(0, PAYPAL_TEXT_MAX),
    invoice_id: reference.invoiceId,
    amount: { ...total, breakdown: { item_total: total } },
    items: lines.map((line) => ({
      name: line.name.slice(0, PAYPAL_TEXT_MAX),
      sku: line.sku,
      unit_amount: money(line.priceCents),
      quantity: String(line.quantity),
      category: 'DIGITAL_GOODS',
    })),
  };
  if (reference.buyerEmail.length <= PAYPAL_TEXT_MAX) unit.custom_id = reference.buyerEmail;
  return { intent: 'CAPTURE' as const, purchase_units: [unit] };
}

export type OrderRequest = ReturnType<typeof orderRequest>;

/**
 * What a PayPal purchase unit bought, checked against the catalogue: every item a known pack (by
 * sku) at its catalogue price, once, in the shop's currency, and the amount exactly their sum.
 * A reason instead when anything differs; nothing is delivered for such an order.
 */
export function linesFromPayPal(
  unit: PurchaseUnit,
  packs: ReadonlyMap<string, Pack>,
  currency: string,
): { lines: OrderLine[]; totalCents: number } | { problem: string } {
  const items = unit.items ?? [];
  if (items.length === 0) return { problem: 'the order lists no items' };
  const lines: OrderLine[] = [];
  for (const item of items) {
    const pack = item.sku ? packs.get(item.sku) : undefined;
    if (!pack) return { problem: `unknown sku "${item.sku ?? ''}"` };
    if (lines.some((line) => line.sku === pack.sku)) return { problem: `${pack.sku} listed twice` };
    if (item.quantity !== '1') return { problem: `${pack.sku} quantity ${item.quantity}` };
    if (item.unit_amount.currency_code !== currency) {
      return { problem: `${pack.sku} priced in ${item.unit_amount.currency_code}` };
    }
    if (parseAmount(item.unit_amount.value) !== pack.priceCents) {
      return {
        problem: `${pack.sku} priced ${item.unit_amount.value}, catalogue ${pack.priceCents}`,
      };
    }
    lines.push({ ...pack, quantity: 1 });
  }
  const totalCents = orderTotalCents(lines);
  const { amount } = unit;
  const itemTotal = amount.breakdown?.item_total;
  if (amount.currency_code !== currency) return { problem: `amount in ${amount.currency_code}` };
  if (!itemTotal || parseAmount(itemTotal.value) !== totalCents) {
    return { problem: `item total ${itemTotal?.value ?? 'missing'}, catalogue ${totalCents}` };
  }
  if (parseAmount(amount.value) !== totalCents) {
    return { problem: `amount ${amount.value}, catalogue total ${totalCents}` };
  }
  return { lines, totalCents };
}
