// The shop's catalogue as the site publishes it at /catalog.json, and as the order service reads
// it from the live site: what is sold, at what price, and the words of what the service sends.
// One schema for both sides, so the service refuses a catalogue the build would not write.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { checkoutSchema } from '@/lib/content/schema';
import { minorUnit, PAYPAL_CURRENCIES } from './money';

const text = z.string().trim().min(1);

const catalogPackSchema = z.object({
  /** The pack's permanent id: its address, its sku at PayPal, the name of its file. */
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a pack slug'),
  name: text.max(127),
  priceCents: z.number().int().positive().max(100_000_000),
});

const catalogBody = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
      .refine((code) => PAYPAL_CURRENCIES.includes(code), 'is not a currency PayPal accepts'),
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
  })
  .superRefine(({ currency, packs }, ctx) => {
    // PayPal takes yen (and forints, Taiwan dollars) without decimals.
    packs.forEach((pack, index) => {
      if (pack.priceCents % minorUnit(currency) !== 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['packs', index, 'priceCents'],
          message: `must be a whole amount of ${currency}, which has no decimals`,
        });
      }
    });
  });

export const shopCatalogSchema = z.intersection(
  catalogBody,
  z.object({
    /** A hash of the rest: the same catalogue always has the same version. */
    version: z.string().regex(/^[0-9a-f]{16}$/),
  }),
);

export type ShopCatalog = z.output<typeof shopCatalogSchema>;

const withVersion = (checked: z.output<typeof catalogBody>): ShopCatalog => ({
  version: createHash('sha256').update(JSON.stringify(checked)).digest('hex').slice(0, 16),
  ...checked,
});

/** The catalogue with its version: a hash of everything else in it. */
export function versioned(body: z.input<typeof catalogBody>): ShopCatalog {
  return withVersion(catalogBody.parse(body));
}

/**
 * A published catalogue as the order service reads it: checked, and versioned by its reader from
 * the content read (a `version` it states is not taken on trust: a price changed under the same
 * version is a new version). The first problem instead, when it does not validate.
 */
export function readCatalog(json: unknown): { catalog: ShopCatalog } | { problem: string } {
  const parsed = catalogBody.safeParse(json);
  if (parsed.success) return { catalog: withVersion(parsed.data) };
  const issue = parsed.error.issues[0]!;
  return { problem: `${issue.path.join('.')}: ${issue.message}` };
}
