import { presets, site } from '@/lib/content';

/** The shop's currency and packs, from the same content module the site is built from. */
export const shopCurrency = site.currency;

export type Pack = { name: string; slug: string; priceCents: number };

const packsByName = new Map<string, Pack>(
  presets.map(({ name, slug, priceCents }) => [name, { name, slug, priceCents }]),
);

export const allPacks: Pack[] = [...packsByName.values()];

/** The packs the buyer named, or the names the catalogue does not know. */
export function findPacks(names: readonly string[]): { packs: Pack[] } | { unknown: string[] } {
  const unknown = names.filter((name) => !packsByName.has(name));
  if (unknown.length > 0) return { unknown };
  return { packs: names.map((name) => packsByName.get(name)!) };
}

export function totalCents(packs: readonly Pack[]): number {
  return packs.reduce((sum, pack) => sum + pack.priceCents, 0);
}
