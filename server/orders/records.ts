// An order as the store keeps it, and the shapes its JSON columns are read back through: shapes
// only, not the input's rules, so that a rule made stricter later never stops an old row reading.
import { z } from 'zod';
import type { OrderLine } from '@/lib/shared/order';
import type { SaleTerms } from '@/lib/node/shop-catalog';
import { VAT_CHECKS } from '@/lib/shared/tax';
import type { OrderTax } from '../tax/order-tax';
import type { OrderState } from './states';

/**
 * How the service learnt of the order: 'checkout' created it at PayPal itself; 'browser', 'webhook'
 * and 'recovery' found a paid order that a browser had created (checkouts from before the service
 * created orders).
 */
export type OrderSource = 'checkout' | 'browser' | 'webhook' | 'recovery';

export type OrderRecord = {
  /** PayPal's order id. */
  id: string;
  /** Our reference (invoice_id and custom_id at PayPal), for orders the service created. */
  ref: string | null;
  email: string;
  name: string;
  phone: string;
  address: string;
  lines: OrderLine[];
  /** What was paid: the packs' catalogue total less the discount. */
  totalCents: number;
  currency: string;
  discountCode: string | null;
  discountCents: number;
  source: OrderSource;
  /** Where it is in its life: see `states.ts`. */
  status: OrderState;
  createdAt: number;
  /**
   * The terms of sale as the site stated them when the order was made (refund days, licence and
   * its version): its e-mails repeat them, whatever the terms have become since. Null for orders
   * from before the terms were recorded, or when the catalogue stated none.
   */
  terms: SaleTerms | null;
  /**
   * The tax its total includes and the evidence of where the buyer is (server/tax/order-tax.ts). Null for
   * orders sold before tax, and for orders a browser created at PayPal.
   */
  tax: OrderTax | null;
  /**
   * The buyer's time zone as the checkout gave it (IANA: "Europe/Berlin"): the e-mail gives the
   * links' expiry in it beside UTC. Null or absent where none was given (restored orders, say).
   */
  timeZone?: string | null;
};

/** Money given back on an order: PayPal's id for the refund, the cents, the tax in them. */
export type RefundRecord = {
  id: string;
  orderId: string;
  cents: number;
  taxCents: number;
  at: number;
};

export type OrderRow = Omit<OrderRecord, 'lines' | 'terms' | 'tax'> & {
  lines: string;
  terms: string | null;
  tax: string | null;
};

/** An order's lines (orders before version 3 name a line's pack `sku`; it is the same slug). */
export const orderLinesColumn = z
  .array(
    z.object({
      slug: z.string().optional(),
      sku: z.string().optional(),
      name: z.string(),
      priceCents: z.number(),
      quantity: z.literal(1),
      members: z.array(z.object({ slug: z.string(), name: z.string() })).optional(),
    }),
  )
  .transform((lines) => lines.map(({ sku, slug, ...line }) => ({ ...line, slug: slug ?? sku! })));

/** The terms of sale an order was made under (since version 6). */
export const termsColumn: z.ZodType<SaleTerms> = z.object({
  version: z.string(),
  refundDays: z.number(),
  refund: z.string(),
  mayHeading: z.string(),
  may: z.array(z.string()),
  mayNotHeading: z.string(),
  mayNot: z.array(z.string()),
  downloadDays: z.number(),
  downloadLimit: z.number(),
});

const nullableString = z.string().nullable();

/** The tax an order's total includes, with its evidence (since version 9). */
export const taxColumn: z.ZodType<OrderTax> = z.object({
  evidence: z.object({
    given: nullableString,
    givenRegion: nullableString,
    paypal: nullableString,
    paypalRegion: nullableString,
    cdn: nullableString,
  }),
  country: nullableString,
  region: nullableString,
  scheme: nullableString,
  schemeName: nullableString,
  schemeCurrency: nullableString.optional(),
  numberName: nullableString.optional(),
  number: nullableString,
  tax: nullableString,
  place: nullableString,
  rate: z.number(),
  taxCents: z.number(),
  netCents: z.number(),
  closed: z.literal(true).optional(),
  regionUnknown: z.literal(true).optional(),
  business: z
    .object({
      number: z.string(),
      check: z.enum(VAT_CHECKS),
      checkedAt: z.string(),
      consultation: nullableString,
    })
    .optional(),
  reverseCharged: z.literal(true).optional(),
  pricedNet: z.literal(true).optional(),
});
