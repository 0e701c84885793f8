import { presets } from '@/lib/content';
import { mediaImage } from '@/lib/media';

/**
 * A pack as the shop sells it: its permanent slug (its address, its id in the cart, in orders and
 * on the download service; kept when the pack is renamed), name, price and a small image.
 */
export type Pack = { slug: string; name: string; priceCents: number; image: string };

/** The shop's catalog for the cart: every pack, with a small image. */
export function shopCatalog(): Pack[] {
  return presets.map((preset) => ({
    slug: preset.slug,
    name: preset.name,
    priceCents: preset.priceCents,
    image: mediaImage(preset.image.src).srcSet.split(' ')[0]!,
  }));
}
