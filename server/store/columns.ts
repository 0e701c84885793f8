// The shapes of what the service writes into its own JSON columns, read back through them: a row
// that does not match fails loudly where it is read, never as a wrong value further on. Shapes
// only, not the input's rules, so that a rule made stricter later never stops an old row reading.
import { z } from 'zod';
import type { SaleTerms } from '@/lib/node/shop-catalog';
import { VAT_CHECKS } from '@/lib/shared/tax';
import type { Message } from '../mail/transport';
import type { OrderTax } from '../tax/order-tax';

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

/** A queued e-mail. */
export const messageColumn: z.ZodType<Message> = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  messageId: z.string().optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string(),
        contentType: z.string(),
        encoding: z.literal('base64'),
        content: z.string(),
      }),
    )
    .optional(),
});

/** The byte ranges a link has sent of the copy under way. */
export const rangesColumn = z.array(z.tuple([z.number(), z.number()]));

/** The packs a discount code is limited to. */
export const packsColumn = z.array(z.string());

/** A JSON column's text, read through its shape. */
export const column = <T extends z.ZodType>(shape: T, text: string): z.output<T> =>
  shape.parse(JSON.parse(text));
