// The shop's catalogue as the site publishes it at /catalog.json, and as the order service reads
// it from the live site: what is sold, at what price, and the words of what the service sends.
// One schema for both sides, so the service refuses a catalogue the build would not write.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { checkoutSchema } from '@/lib/content/schema';

const text = z.string().trim().min(1);

const catalogPackSchema = z.object({
  /** The pack's permanent id: its address, its sku at PayPal, the name of its file. */
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a pack slug'),
  name: text.max(127),
  priceCents: z.number().int().positive().max(100_000_000),
});

const catalogBody = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
  studio: z.object({ name: text, email: z.email() }),
  packs: z
    .array(catalogPackSchema)
    .min(1)
    .refine(
      (packs) => new Set(packs.map((pack) => pack.slug)).size === packs.length,
      'must not name a slug twice',
    ),
  /** The words the service writes, checked by the content file's own rules. */
  copy: checkoutSchema.pick({
    orderDescription: true,
    license: true,
    downloadPage: true,
    email: true,
  }),
});

export const shopCatalogSchema = catalogBody.extend({
  /** A hash of the rest: the same catalogue always has the same version. */
  version: z.string().regex(/^[0-9a-f]{16}$/),
});

export type ShopCatalog = z.output<typeof shopCatalogSchema>;

/** The catalogue with its version: a hash of everything else in it. */
export function versioned(body: z.input<typeof catalogBody>): ShopCatalog {
  const checked = catalogBody.parse(body);
  const version = createHash('sha256').update(JSON.stringify(checked)).digest('hex').slice(0, 16);
  return { version, ...checked };
}
