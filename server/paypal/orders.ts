// PayPal's wire format for orders (Orders v2): the order the service asks for (what it reads back
// before it delivers: paid.ts; the seal in custom_id: custom-id.ts).
import { z } from 'zod';
import { formatAmount, minorUnit } from '@/lib/shared/money';
import { splitTax } from '@/lib/shared/tax';
import {
  orderTotalCents,
  type AppliedDiscount,
  type FundingSource,
  type OrderLine,
  type PackRef,
} from '@/lib/shared/order';

/** PayPal's limit on an item name, an id or a description (Orders v2). */
export const PAYPAL_TEXT_MAX = 127;

// The parts of PayPal's answers the service reads, as schemas: an answer that does not read is
// PayPal unavailable (client.ts), never a guess. Unknown fields are left out.
const money = z.object({ currency_code: z.string(), value: z.string() });
export type Money = z.output<typeof money>;

/** The items of an order as PayPal's Orders v2 API takes and returns them. */
const item = z.object({
  name: z.string(),
  sku: z.string().optional(),
  unit_amount: money,
  quantity: z.string(),
  /** The packs an item holds, by slug (`membersDescription`), so that PayPal's record names them. */
  description: z.string().optional(),
  category: z.enum(['DIGITAL_GOODS', 'PHYSICAL_GOODS', 'DONATION']).optional(),
  /** The tax the item's price includes, beside its price net of it (`unit_amount`). */
  tax: money.optional(),
});
export type PayPalItem = z.output<typeof item>;

const purchaseUnit = z.object({
  description: z.string().optional(),
  invoice_id: z.string().optional(),
  custom_id: z.string().optional(),
  amount: money.extend({
    breakdown: z
      .object({
        item_total: money.optional(),
        tax_total: money.optional(),
        discount: money.optional(),
      })
      .optional(),
  }),
  items: z.array(item).optional(),
});
export type PurchaseUnit = z.output<typeof purchaseUnit>;

export const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: money,
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});
export type PayPalCapture = z.output<typeof captureSchema>;

/** A refund of a capture (Payments v2), as the service reads it. */
export const refundSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: money.optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});
export type PayPalRefund = z.output<typeof refundSchema>;

/** The part of a PayPal Orders v2 order the service looks at. */
export const orderSchema = z.object({
  id: z.string(),
  intent: z.string().optional(),
  status: z.string(),
  create_time: z.string().optional(),
  payer: z
    .object({
      email_address: z.string().optional(),
      name: z
        .object({ given_name: z.string().optional(), surname: z.string().optional() })
        .optional(),
      /** The payer's country (and, where PayPal has it, province or state): evidence for tax. */
      address: z
        .object({ country_code: z.string().optional(), admin_area_1: z.string().optional() })
        .optional(),
    })
    .optional(),
  purchase_units: z
    .array(
      purchaseUnit.extend({
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
export type PayPalOrder = z.output<typeof orderSchema>;

/** Our own reference for an order: its invoice number on the buyer's PayPal receipt. */
export function newOrderReference(random: () => string = () => crypto.randomUUID()): string {
  return `SJ-${random().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/**
 * The order the service asks PayPal for: one purchase unit listing every pack (name, sku, price,
 * quantity 1, digital goods) with its item total and discount; our reference as invoice number
 * and `custom_id`; no shipping (nothing is shipped), asked where the funding source takes it.
 * Where the buyer's place is taxed at `taxRate` percent, the prices include the tax: each item
 * carries its price net of tax and the tax (of its price less its share of the discount), the
 * breakdown their totals, and the amount is what the page showed, as without tax.
 */
export function orderRequest(
  lines: readonly OrderLine[],
  currency: string,
  reference: {
    reference: string;
    description: string;
    fundingSource?: FundingSource;
    /** custom_id: the reference, sealed (`customIdFor`); the bare reference when not given. */
    customId?: string;
    /**
     * A business buyer's VAT number VIES confirmed, its lines priced net (`pricedNet`): named in
     * the description (restore.ts).
     */
    reverseCharged?: string;
  },
  discount?: AppliedDiscount | null,
  taxRate?: number | null,
) {
  const money = (cents: number): Money => ({
    currency_code: currency,
    value: formatAmount(cents, currency),
  });
  const discountCents = discount?.cents ?? 0;
  const gross = lines.map((line) => line.priceCents);
  const split =
    taxRate == null ? null : splitTax(gross, discountCents, taxRate, minorUnit(currency));
  const itemTotal = orderTotalCents(lines) - (split?.totalTaxCents ?? 0);
  const suffix = reference.reverseCharged
    ? `${REVERSE_CHARGED_NET}${reference.reverseCharged}`
    : '';
  const unit: PurchaseUnit = {
    description: reference.description.slice(0, PAYPAL_TEXT_MAX - suffix.length) + suffix,
    invoice_id: reference.reference,
    custom_id: reference.customId ?? reference.reference,
    amount: {
      ...money(orderTotalCents(lines) - discountCents),
      breakdown: {
        item_total: money(itemTotal),
        ...(split ? { tax_total: money(split.totalTaxCents) } : {}),
        ...(discount ? { discount: money(discount.cents) } : {}),
      },
    },
    items: lines.map((line, index) => {
      const description = membersDescription(line);
      return {
        name: line.name.slice(0, PAYPAL_TEXT_MAX),
        sku: line.slug,
        unit_amount: money(split ? split.netCents[index]! : line.priceCents),
        ...(split ? { tax: money(split.taxCents[index]!) } : {}),
        quantity: String(line.quantity),
        ...(description ? { description } : {}),
        category: 'DIGITAL_GOODS' as const,
      };
    }),
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

const MEMBERS = /^Packs: ([a-z0-9-]{1,64}(?:, [a-z0-9-]{1,64})+)$/;

/**
 * The packs an item holds as its PayPal item's description ("Packs: stoic-pack, regal-tones"):
 * the record, at PayPal, of what it held when it was sold. None for a pack, or when the list is
 * longer than PayPal's 127 characters (such an item restores with today's members).
 */
export function membersDescription(line: Pick<PackRef, 'members'>): string | undefined {
  if (!line.members) return undefined;
  const text = `Packs: ${line.members.map((member) => member.slug).join(', ')}`;
  return text.length <= PAYPAL_TEXT_MAX ? text : undefined;
}

/** The packs an item's description names (membersDescription), if it names them. */
export const membersNamed = (description: string | undefined): string[] | undefined =>
  MEMBERS.exec(description ?? '')?.[1]?.split(', ');

/**
 * How an order's description at PayPal ends when it was sold reverse-charged: at prices net of the
 * buyer's country's VAT, or (orders from before) at the consumer's.
 */
const REVERSE_CHARGED_NET = ' · Net, VAT reverse charged: ';
const REVERSE_CHARGED = ' · VAT reverse charged: ';

/** The VAT number an order was reverse-charged to, as its description at PayPal names it. */
export function reverseChargedTo(
  unit: Pick<PurchaseUnit, 'description'>,
): { number: string; pricedNet: boolean } | null {
  const description = unit.description ?? '';
  for (const [marker, pricedNet] of [
    [REVERSE_CHARGED_NET, true],
    [REVERSE_CHARGED, false],
  ] as const) {
    const at = description.lastIndexOf(marker);
    if (at < 0) continue;
    const number = description.slice(at + marker.length);
    return /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(number) ? { number, pricedNet } : null;
  }
  return null;
}
