import { heldPacks, products } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import type { Pack } from '@/lib/shared/order';

// Apart from lib/catalog.ts because it needs the media step's manifest, which the published
// catalogue, its tests and the service's tests do not.

const smallImage = (src: string) => mediaImage(src).srcSet.split(' ')[0]!;

/** The cart's catalogue: every product, with a small image and the packs it holds, if any. */
export function cartCatalog(): Pack[] {
  return products.map((product) => {
    const held = heldPacks(product);
    return {
      slug: product.slug,
      name: product.name,
      priceCents: product.priceCents,
      image: smallImage(product.image.src),
      ...(held.length > 0 && { members: held.map(({ slug, name }) => ({ slug, name })) }),
    };
  });
}
