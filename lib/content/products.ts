import { fillIn } from '@/lib/shared/copy';
import { ContentError, type ContentProblem } from './parse';
import type { Bundle, DeliveryWords, Preset } from './schema';

// What the shop sells, as one list: every kind of product is an entry tagged with its `kind`,
// with what every product has (slug, name, price, description, pictures, categories), what it
// delivers in the buyer's words, and the products it delivers. The cart's catalogue, the published
// catalogue, the routes, the shop's tiles, the product page's frame and the structured data map
// over this list; only the section a kind adds to its page looks at the rest.

/** What a product delivers, in the buyer's words: its kind's (its file's `words`), or its own. */
export type Delivery = {
  /** How many files of its kind it delivers in all (presets, for a pack). */
  count: number;
  /** What they are, filled in: "7 presets as .xmp files, with an install guide and video." */
  files: string;
  /** The apps they work in. */
  apps: string;
};

type Sold = {
  slug: string;
  name: string;
  priceCents: number;
  description: string;
  image: Preset['image'];
  /** More pictures for its page (none: its image alone). */
  gallery: Preset['gallery'];
  categories: Preset['categories'];
  /** Above its name on its page: "Lightroom preset pack", "3 packs". */
  eyebrow: string;
  /** A line under its name on its page, if it has one. */
  tagline?: string;
  /** What it holds, as its page lists it (none: no list). */
  included: string[];
  delivers: Delivery;
  /** What it saves on the products it holds bought one by one, in cents (0 for one that holds none). */
  savingCents: number;
  /** What a buyer receives: the product itself, or each product it holds. */
  packs: Deliverable[];
};

/** A product a buyer receives as a file of its own (a pack): what an order delivers. */
export type Deliverable = Pick<
  Product,
  'kind' | 'slug' | 'name' | 'priceCents' | 'image' | 'delivers'
>;

/** A preset pack: sold alone, it delivers its own file. */
export type PackProduct = Preset & Sold & { kind: 'pack' };

/** Packs sold together, under their own name and slug, for less than one by one. */
export type BundleProduct = Sold & Omit<Bundle, 'members'> & { kind: 'bundle' };

export type Product = PackProduct | BundleProduct;
export type ProductKind = Product['kind'];

/** The products a product holds besides itself: none for one that delivers itself. */
export const heldPacks = (product: Product): Deliverable[] =>
  product.packs.filter((pack) => pack.slug !== product.slug);

/** A product's words: its kind's, with what it says itself, for `count` files. */
function delivery(kind: DeliveryWords, own: Partial<DeliveryWords> | undefined, count: number) {
  const words = { ...kind, ...own };
  return {
    eyebrow: words.eyebrow,
    delivers: { count, files: fillIn(words.files, { count }), apps: words.apps },
  };
}

/**
 * The products of the content files, packs first. A bundle names its packs by slug, each a pack
 * of the presets file, and is sold under its own name and slug (the cart and PayPal know it by them)
 * for less than its packs one by one; a broken one stops the build naming its file and field.
 */
export function productList(
  content: {
    presets: { words: DeliveryWords; presets: Preset[] };
    bundles: { bundles: Bundle[] };
    shop: { bundle: { tileLabel: string } };
  },
  files: { presets: { file: string }; bundles: { file: string } },
): Product[] {
  const { presets, words: kindWords } = content.presets;
  const { bundles } = content.bundles;
  const packs = presets.map((pack): PackProduct => {
    const words = delivery(kindWords, pack.words, pack.presetCount);
    const { slug, name, priceCents, image } = pack;
    return {
      ...pack,
      kind: 'pack',
      ...words,
      included: pack.whatsIncluded,
      savingCents: 0,
      packs: [{ kind: 'pack', slug, name, priceCents, image, delivers: words.delivers }],
    };
  });
  const bySlug = new Map(packs.map((pack) => [pack.slug, pack]));
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
    ...packs,
    ...bundles.map(({ members, ...bundle }): BundleProduct => {
      const held = members.map((slug) => bySlug.get(slug)!);
      const separately = held.reduce((sum, pack) => sum + pack.priceCents, 0);
      const count = held.reduce((sum, pack) => sum + pack.delivers.count, 0);
      return {
        ...bundle,
        kind: 'bundle',
        ...delivery(kindWords, undefined, count),
        eyebrow: fillIn(content.shop.bundle.tileLabel, { count: held.length }),
        gallery: [],
        included: [],
        packs: held,
        savingCents: separately - bundle.priceCents,
      };
    }),
  ];
}
