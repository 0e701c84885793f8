// PayPal's wire format for orders (Orders v2): the order the service asks for, and what it reads
// back from PayPal's order before it delivers (every item a pack at its price, the amounts adding
// up, the captures kept).
import { formatAmount, minorUnit, parseAmount } from '@/lib/shared/money';
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

/** How an order's description at PayPal ends when it was sold reverse-charged. */
const REVERSE_CHARGED = ' · VAT reverse charged: ';

/** The VAT number an order was reverse-charged to, as its description at PayPal names it. */
export function reverseChargedTo(unit: Pick<PurchaseUnit, 'description'>): string | null {
  const at = unit.description?.lastIndexOf(REVERSE_CHARGED) ?? -1;
  if (at < 0) return null;
  const number = unit.description!.slice(at + REVERSE_CHARGED.length);
  return /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(number) ? number : null;
}

/**
 * What a purchase unit sells, as one text for the sale's seal (tokens.ts): its currency and
 * amounts, and each item's sku, price, quantity and description, and its tax. Amounts are read as
 * cents, so that "39.9" and "39.90" are one price. The tax (or the VAT number of a reverse charge) is
 * written only where there is one, so that the seals of orders sold before tax still hold.
 */
export function saleText(unit: PurchaseUnit): string {
  const cents = (money: Money | undefined) =>
    money ? `${money.currency_code} ${parseAmount(money.value)}` : '-';
  const { breakdown } = unit.amount;
  return [
    cents(unit.amount),
    cents(breakdown?.item_total),
    cents(breakdown?.discount),
    ...(breakdown?.tax_total ? [`tax ${cents(breakdown.tax_total)}`] : []),
    ...(reverseChargedTo(unit) ? [`reverse-charged ${reverseChargedTo(unit)}`] : []),
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
    const listed = MEMBERS.exec(item.description ?? '')?.[1]?.split(', ');
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

/**
 * What an order's custom_id says: our reference (orders the service created), or, in an order a
 * browser created before that, the address given at checkout and the discount code ("email code").
 * Anyone can write custom_id from PayPal's JS SDK, so such an address counts only when it is one
 * plain address: never a list that would mail the links to several inboxes.
 */
export type CustomId =
  | {
      kind: 'reference';
      ref: string;
      seal: string | null;
      /** The sale's seal (orders created since it was added): see `saleSeal` in tokens.ts. */
      sale: string | null;
      code: string | null;
    }
  | { kind: 'legacy'; email: string | null; code: string | null };

/**
 * What the service writes in custom_id: "<reference>.<seal>.s<sale>[.<code>]" (see `orderSeal`
 * and `saleSeal` in tokens.ts; the sale's seal starts with a lower-case "s", which no code has);
 * at most 95 characters, within PayPal's 127 and its transaction search's character set.
 */
export const customIdFor = (ref: string, seal: string, sale: string, code: string | null) =>
  `${ref}.${seal}.s${sale}${code ? `.${code}` : ''}`;

const ONE_ADDRESS = /^[^\s@,;:<>()[\]"\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/** One plain address (no list, no display name, no comments), within RFC 5321's 254. */
export const isOneAddress = (text: string) => text.length <= 254 && ONE_ADDRESS.test(text);

export function readCustomId(value: string | undefined): CustomId {
  const text = (value ?? '').slice(0, PAYPAL_TEXT_MAX);
  const ours =
    /^(SJ-[A-Z0-9]{12})(?:\.([A-Za-z0-9_-]{22})(?:\.s([A-Za-z0-9_-]{22}))?(?:\.([A-Z0-9_-]{2,32}))?)?$/.exec(
      text,
    );
  if (ours) {
    const [, ref, seal, sale, code] = ours;
    return {
      kind: 'reference',
      ref: ref!,
      seal: seal ?? null,
      sale: sale ?? null,
      code: code ?? null,
    };
  }
  const [email, code, ...rest] = text.split(' ');
  return {
    kind: 'legacy',
    email: email && rest.length === 0 && isOneAddress(email) ? email : null,
    code: code || null,
  };
}
