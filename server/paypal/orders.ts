// PayPal's wire format for orders (Orders v2): the order the service asks for (what it reads back
// before it delivers: paid.ts; the seal in custom_id: custom-id.ts).
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

export type Money = { currency_code: string; value: string };

/** The items of an order as PayPal's Orders v2 API takes and returns them. */
export type PayPalItem = {
  name: string;
  sku?: string;
  unit_amount: Money;
  quantity: string;
  /** The packs an item holds, by slug (`membersDescription`), so that PayPal's record names them. */
  description?: string;
  category?: 'DIGITAL_GOODS' | 'PHYSICAL_GOODS' | 'DONATION';
  /** The tax the item's price includes, beside its price net of it (`unit_amount`). */
  tax?: Money;
};

export type PurchaseUnit = {
  description?: string;
  invoice_id?: string;
  custom_id?: string;
  amount: Money & { breakdown?: { item_total?: Money; tax_total?: Money; discount?: Money } };
  items?: PayPalItem[];
};

export type PayPalCapture = {
  id: string;
  status: string;
  amount: Money;
  supplementary_data?: { related_ids?: { order_id?: string } };
};

/** A refund of a capture (Payments v2), as the service reads it. */
export type PayPalRefund = {
  id: string;
  status: string;
  amount?: Money;
  links?: { rel: string; href: string }[];
};

/** The part of a PayPal Orders v2 order the service looks at. */
export type PayPalOrder = {
  id: string;
  intent?: string;
  status: string;
  create_time?: string;
  payer?: {
    email_address?: string;
    name?: { given_name?: string; surname?: string };
    /** The payer's country (and, where PayPal has it, province or state): evidence for tax. */
    address?: { country_code?: string; admin_area_1?: string };
  };
  purchase_units?: (PurchaseUnit & { payments?: { captures?: PayPalCapture[] } })[];
};

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
    /** A business buyer's VAT number VIES confirmed: named in the description (restore.ts). */
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
  const suffix = reference.reverseCharged ? `${REVERSE_CHARGED}${reference.reverseCharged}` : '';
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

/** How an order's description at PayPal ends when it was sold reverse-charged. */
const REVERSE_CHARGED = ' · VAT reverse charged: ';

/** The VAT number an order was reverse-charged to, as its description at PayPal names it. */
export function reverseChargedTo(unit: Pick<PurchaseUnit, 'description'>): string | null {
  const at = unit.description?.lastIndexOf(REVERSE_CHARGED) ?? -1;
  if (at < 0) return null;
  const number = unit.description!.slice(at + REVERSE_CHARGED.length);
  return /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(number) ? number : null;
}
