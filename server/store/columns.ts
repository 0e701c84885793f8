// The shapes of what the service writes into its own JSON columns, read back through them: a row
// that does not match fails loudly where it is read, never as a wrong value further on. Shapes
// only, not the input's rules, so that a rule made stricter later never stops an old row reading.
import { z } from 'zod';
import type { Message } from '../mail/transport';

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
