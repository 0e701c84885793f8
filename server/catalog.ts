import { presets, site } from '@/lib/content';
import type { PackRef } from '@/lib/order';

/** The shop's currency and packs, from the same content module the site is built from. */
export const shopCurrency = site.currency;

export const allPacks: PackRef[] = presets.map(({ slug, name, priceCents }) => ({
  slug,
  name,
  priceCents,
}));

/** The packs by slug: the sku of PayPal's order items and the name of their files. */
export const packsBySlug: ReadonlyMap<string, PackRef> = new Map(
  allPacks.map((pack) => [pack.slug, pack]),
);
