import { presets, site } from '@/lib/content';
import type { Pack } from '@/lib/order';

/** The shop's currency and packs, from the same content module the site is built from. */
export const shopCurrency = site.currency;

export const allPacks: Pack[] = presets.map(({ slug, name, priceCents }) => ({
  sku: slug,
  name,
  priceCents,
}));

/** The packs by their stable id, the sku of PayPal's order items. */
export const packsBySku: ReadonlyMap<string, Pack> = new Map(
  allPacks.map((pack) => [pack.sku, pack]),
);
