import { bundleMembers, bundles, presets } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import type { Pack } from '@/lib/shared/order';

// Apart from lib/catalog.ts because it needs the media step's manifest, which the published
// catalogue, its tests and the service's tests do not.

const smallImage = (src: string) => mediaImage(src).srcSet.split(' ')[0]!;

/** The cart's catalogue: every pack, then every bundle with its packs, each with a small image. */
export function cartCatalog(): Pack[] {
  return [
    ...presets.map((preset) => ({
      slug: preset.slug,
      name: preset.name,
      priceCents: preset.priceCents,
      image: smallImage(preset.image.src),
    })),
    ...bundles.map((bundle) => ({
      slug: bundle.slug,
      name: bundle.name,
      priceCents: bundle.priceCents,
      image: smallImage(bundle.image.src),
      members: bundleMembers(bundle).map(({ slug, name }) => ({ slug, name })),
    })),
  ];
}
