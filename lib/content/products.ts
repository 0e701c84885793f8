import { ContentError, type ContentProblem } from './parse';
import type { Bundle, Preset } from './schema';

// What the shop sells, as one list: every kind of product is an entry tagged with its `kind`,
// with what every product has (slug, name, price, description, image, categories) and the packs
// it delivers. The cart's catalogue, the published catalogue, the routes, the shop's page and the
// structured data map over this list; only a kind's own page and tile look at the rest.

type Sold = {
  slug: string;
  name: string;
  priceCents: number;
  description: string;
  image: Preset['image'];
  categories: Preset['categories'];
  /** The packs a buyer receives: the pack itself, or each pack the product holds. */
  packs: Preset[];
};

/** A preset pack: sold alone, it delivers its own file. */
export type PackProduct = Preset & Sold & { kind: 'pack' };

/** Packs sold together, under their own name and slug, for less than one by one. */
export type BundleProduct = Sold &
  Omit<Bundle, 'members'> & {
    kind: 'bundle';
    /** What it saves on its packs bought one by one, in cents. */
    savingCents: number;
  };

export type Product = PackProduct | BundleProduct;
export type ProductKind = Product['kind'];

/** The packs a product holds besides itself: none for a pack. */
export function heldPacks(product: Product): Preset[] {
  switch (product.kind) {
    case 'pack':
      return [];
    case 'bundle':
      return product.packs;
  }
}

/**
 * The products of the content files, packs first. A bundle names its packs by slug, each a pack
 * of the presets file, and is sold under its own name and slug (the cart and PayPal know it by them)
 * for less than its packs one by one; a broken one stops the build naming its file and field.
 */
export function productList(
  content: { presets: { presets: Preset[] }; bundles: { bundles: Bundle[] } },
  files: { presets: { file: string }; bundles: { file: string } },
): Product[] {
  const { presets } = content.presets;
  const { bundles } = content.bundles;
  const bySlug = new Map(presets.map((preset) => [preset.slug, preset]));
  const problems = bundles.flatMap((bundle, index) => {
    const at = (field: string, words: string): ContentProblem => ({
      at: `bundles, entry "${bundle.name}" (#${index + 1}), field "${field}"`,
      entry: bundle.name,
      field,
      words,
    });
    const strays = bundle.members.filter((member) => !bySlug.has(member));
    const separately = bundle.members.reduce(
      (sum, member) => sum + (bySlug.get(member)?.priceCents ?? 0),
      0,
    );
    return [
      ...strays.map((member) =>
        at('members', `"${member}" is not a pack in ${files.presets.file}`),
      ),
      ...(bySlug.has(bundle.slug) ? [at('slug', 'is the slug of a pack')] : []),
      ...(presets.some((preset) => preset.name.toLowerCase() === bundle.name.toLowerCase())
        ? [at('name', 'is the name of a pack')]
        : []),
      ...(strays.length === 0 && bundle.priceCents >= separately
        ? [at('price', `must be less than its packs cost one by one (${separately / 100})`)]
        : []),
    ];
  });
  if (problems.length > 0) {
    throw new ContentError(files.bundles.file, problems);
  }
  return [
    ...presets.map((pack): PackProduct => ({ ...pack, kind: 'pack', packs: [pack] })),
    ...bundles.map(({ members, ...bundle }): BundleProduct => {
      const packs = members.map((slug) => bySlug.get(slug)!);
      const separately = packs.reduce((sum, pack) => sum + pack.priceCents, 0);
      return { ...bundle, kind: 'bundle', packs, savingCents: separately - bundle.priceCents };
    }),
  ];
}
