import type { CatalogEntry } from '@/lib/cart';
import { presets } from '@/lib/content';
import { mediaImage } from '@/lib/media';

/** The shop's catalog for the cart: every pack by its id (its name), with a small image. */
export function shopCatalog(): CatalogEntry[] {
  return presets.map((preset) => ({
    id: preset.name,
    sku: preset.slug,
    name: preset.name,
    priceCents: preset.priceCents,
    image: mediaImage(preset.image.src).srcSet.split(' ')[0]!,
  }));
}
