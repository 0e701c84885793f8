// The shop's catalogue as the site publishes it at /catalog.json, and as the order service reads
// it from the live site: what is sold, at what price, and the words of what the service sends.
// One schema for both sides, so the service refuses a catalogue the build would not write.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { checkoutSchema } from '@/lib/content/schema';
import { taxSchema } from '@/lib/content/tax-schema';
import { bookingContentSchema } from '@/lib/booking/content';
import { minorUnit, PAYPAL_CURRENCIES } from '@/lib/shared/money';
import type { PackRef } from '@/lib/shared/order';

const text = z.string().trim().min(1);

const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a pack slug');

const catalogPackSchema = z.object({
  /** The pack's permanent id: its address, its sku at PayPal, the name of its file. */
  slug,
  name: text.max(127),
  priceCents: z.number().int().positive().max(100_000_000),
  /**
   * What it delivers, in the buyer's words ("7 presets as .xmp files, …"), which the e-mail and
   * the download page repeat: catalogues published before 29 November 2026 have none.
   */
  files: text.max(500).optional(),
});

/** A bundle: sold as one item (its slug the sku) at its own price, delivering each member pack. */
const catalogBundleSchema = catalogPackSchema.omit({ files: true }).extend({
  members: z.array(slug).min(2),
});

/**
 * The terms of sale as the pack pages state them, recorded on each order as it was sold: the
 * refund promise, the licence (`version` names its text) and the links' days and downloads.
 */
export const saleTermsSchema = z.object({
  version: text.max(64),
  refundDays: z.number().int().positive().max(365),
  /** The refund promise in one sentence, as the e-mail repeats it. */
  refund: text.max(500),
  mayHeading: text.max(60),
  may: z.array(text.max(300)).min(1).max(12),
  mayNotHeading: text.max(60),
  mayNot: z.array(text.max(300)).min(1).max(12),
  /** What the site states of the links (the service's DOWNLOAD_TTL_DAYS and DOWNLOAD_LIMIT). */
  downloadDays: z.number().int().positive(),
  downloadLimit: z.number().int().positive(),
});

export type SaleTerms = z.output<typeof saleTermsSchema>;

/** The licence in sentences, as a pack's LICENSE.txt and the order e-mail state it. */
export const licenceLines = ({ mayHeading, may, mayNotHeading, mayNot }: SaleTerms) => [
  `${mayHeading}: ${may.join('; ')}.`,
  `${mayNotHeading}: ${mayNot.join('; ')}.`,
];

/**
 * Catalogues published before business buyers (or before their net price, the price's tax line
 * and the checkout's place question) have no words for them. Their pages send no VAT number, or
 * sell a business at the consumer's price, so the words are never said: the bare placeholders
 * stand in, and the catalogue holds.
 */
function withBusinessWords(tax: unknown) {
  const table = tax as { words?: object } | undefined;
  if (!table?.words) return tax;
  const bare = {
    vatNumberLabel: 'VAT number',
    vatNumberFormat: '{number} ({place})',
    reverseCharged: '{number}',
    vatNumberInvalid: '{number}',
    vatNumberUnchecked: '{number}',
    vatNumberChecking: '{number}',
    vatNumberUnknown: '{number}',
    vatNumberUnavailable: '{number}',
    vatNumberCorrect: 'VAT number',
    vatNumberRetry: 'VIES',
    netOf: '{tax} ({place}, {rate})',
    withPrice: '{tax}',
    buyingFrom: '{place}',
    changePlace: 'Country',
  };
  return { ...table, words: { ...bare, ...table.words } };
}

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
    /** Catalogues published before bundles had a price list none. */
    bundles: z.array(catalogBundleSchema).default([]),
    /**
     * The studio's tax schemes (content/tax.json): the service splits each price into net and tax by
     * the buyer's place. Catalogues published before tax have none: their orders carry no tax.
     */
    tax: z.preprocess(withBusinessWords, taxSchema).optional(),
    /** Catalogues published before the terms of sale have none: orders then record none. */
    terms: saleTermsSchema.optional(),
    /**
     * The contract's template, the schedule's rules and the words of weddings booked on the site
     * (content/booking.json); catalogues published before bookings have none: none can be made.
     */
    booking: bookingContentSchema.optional(),
    /** The words the service writes, checked by the content file's own rules. */
    copy: checkoutSchema.pick({ orderDescription: true, downloadPage: true, email: true }).extend({
      /** The licence as a zip's LICENSE.txt and the e-mail state it. */
      license: z.array(text).min(1),
      /** Catalogues published before reviews have none: their e-mails then carry no review links. */
      reviewEmail: checkoutSchema.shape.reviewEmail.optional(),
    }),
  })
  .superRefine(({ currency, packs, bundles }, ctx) => {
    // PayPal takes yen (and forints, Taiwan dollars) without decimals.
    const whole = (cents: number, path: (string | number)[]) => {
      if (cents % minorUnit(currency) !== 0) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `must be a whole amount of ${currency}, which has no decimals`,
        });
      }
    };
    packs.forEach((pack, index) => whole(pack.priceCents, ['packs', index, 'priceCents']));
    const prices = new Map(packs.map((pack) => [pack.slug, pack.priceCents]));
    bundles.forEach((bundle, index) => {
      whole(bundle.priceCents, ['bundles', index, 'priceCents']);
      const issue = (message: string, field: string) =>
        ctx.addIssue({ code: 'custom', path: ['bundles', index, field], message });
      if (prices.has(bundle.slug)) issue('must not be the slug of a pack', 'slug');
      const unknown = bundle.members.filter((member) => !prices.has(member));
      if (unknown.length > 0) issue(`names no pack: ${unknown.join(', ')}`, 'members');
      if (new Set(bundle.members).size !== bundle.members.length) {
        issue('must not name a pack twice', 'members');
      }
      const separately = bundle.members.reduce((sum, m) => sum + (prices.get(m) ?? 0), 0);
      if (unknown.length === 0 && bundle.priceCents >= separately) {
        issue(`must be less than its packs cost one by one (${separately})`, 'priceCents');
      }
    });
    if (new Set(bundles.map((bundle) => bundle.slug)).size !== bundles.length) {
      ctx.addIssue({ code: 'custom', path: ['bundles'], message: 'must not name a slug twice' });
    }
  });

/** An item as the site lists it for the catalogue: what it is sold as, and the packs it holds. */
export type ListedItem = {
  slug: string;
  name: string;
  priceCents: number;
  members: string[];
  /** What an item that delivers itself delivers, in the buyer's words. */
  files?: string;
};

/**
 * The site's items in the catalogue's lists, whatever their kind: an item that delivers its own
 * file under `packs`, one that holds packs under `bundles` (the inverse of `soldBySlug`).
 */
export function catalogLists(items: ListedItem[]): Pick<ShopCatalog, 'packs' | 'bundles'> {
  return {
    packs: items
      .filter((item) => item.members.length === 0)
      .map(({ slug, name, priceCents, files }) => ({ slug, name, priceCents, files })),
    bundles: items
      .filter((item) => item.members.length > 0)
      .map(({ slug, name, priceCents, members }) => ({ slug, name, priceCents, members })),
  };
}

/**
 * What a catalogue sells by slug (its sku at PayPal): each pack, and each bundle with its packs by
 * name. Everything past this map (cart, order, delivery) sees items that deliver packs, whatever
 * their kind.
 */
export function soldBySlug(catalog: Pick<ShopCatalog, 'packs' | 'bundles'>): Map<string, PackRef> {
  const sold = new Map<string, PackRef>(
    catalog.packs.map(({ slug, name, priceCents }) => [slug, { slug, name, priceCents }]),
  );
  for (const { slug, name, priceCents, members } of catalog.bundles) {
    const parts = members.map((member) => ({ slug: member, name: sold.get(member)!.name }));
    sold.set(slug, { slug, name, priceCents, members: parts });
  }
  return sold;
}

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
