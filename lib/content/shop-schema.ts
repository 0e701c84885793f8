// The shop's content: its categories, the packs and bundles (content/presets.json) and the shop's
// words (content/shop.json).
import { z } from 'zod';
import { cms, imageSchema, matching, price, prose, slug, template, text } from '@/lib/fields';
import { toCents } from '@/lib/shared/money';

/** Each kind of product's page address, <slug> its slug (lib/routes.ts builds them from these). */
export const PRODUCT_ADDRESS = { pack: '/full-item/<slug>/', bundle: '/<slug>/' } as const;

export const categorySchema = z.enum(['WEDDINGS', 'FILM', 'TRAVEL']);
/** The shop's first filter, showing every category. */
export const ALL_CATEGORY = 'ALL';

const comparisonSchema = z.object({ label: text, before: imageSchema, after: imageSchema });

/**
 * What a kind of product delivers, in the buyer's words: a kind's file says them once (its
 * `words`), and a product may say its own. The product page, its buy box, the published
 * catalogue (the e-mail and the download page) read them from the product.
 */
export const deliveryWordsSchema = z.object({
  eyebrow: text.meta(cms({ hint: 'Above the name on its page: "Lightroom preset pack".' })),
  files: template('count').meta(
    cms({ hint: 'What the files are, at the buy button: "{count} presets as .xmp files…".' }),
  ),
  apps: text.meta(cms({ hint: 'The apps they work in, at the buy button.' })),
});
export type DeliveryWords = z.output<typeof deliveryWordsSchema>;

export const presetSchema = z
  .object({
    name: text,
    slug: slug(
      `The pack’s permanent id: its address (${PRODUCT_ADDRESS.pack}), its sku in PayPal orders and the name of its file on the download service. Keep it when renaming a pack.`,
    ),
    price,
    tagline: text,
    description: prose,
    image: imageSchema,
    gallery: z.array(imageSchema).min(1),
    presetCount: z
      .number()
      .int()
      .positive()
      .meta(cms({ hint: 'How many presets the pack holds: said at the buy button.' })),
    /** Its own words where the kind's do not fit it (a pack for another app, say). */
    words: deliveryWordsSchema.partial().optional(),
    whatsIncluded: z.array(text).min(1),
    comparisons: z.array(comparisonSchema).length(6, 'must hold exactly six before/after pairs'),
    categories: z.array(categorySchema),
    // Only the original site's packs had an old address; a new pack has none.
    legacyPath: matching(/^[a-z0-9-]+-preset$/, 'must be a path segment ending in "-preset"', {
      hint: 'The old address (/<legacyPath>/) that redirects to the pack; empty for a new pack.',
    }).optional(),
  })
  .transform(({ price: amount, ...preset }) => ({
    ...preset,
    priceCents: toCents(amount) as number,
  }));

export const bundleSchema = z
  .object({
    name: text,
    slug: slug(`The bundle’s address (${PRODUCT_ADDRESS.bundle}) and its sku in PayPal orders.`),
    price: price.meta(
      cms({ hint: 'In the shop currency: less than its packs cost one by one, such as 149.99.' }),
    ),
    description: prose,
    image: imageSchema,
    // The packs by slug, as the editor's relation stores them (it shows their names).
    members: z
      .array(text)
      .min(2, 'must name at least two presets')
      .meta(
        cms({
          widget: 'relation',
          multiple: true,
          collection: 'shop',
          file: 'presets',
          search_fields: ['presets.*.name'],
          value_field: 'presets.*.slug',
          display_fields: ['presets.*.name'],
          hint: 'The packs in the bundle, each delivered with it.',
        }),
      ),
    categories: z.array(categorySchema),
  })
  .transform(({ price: amount, ...bundle }) => ({
    ...bundle,
    priceCents: toCents(amount) as number,
  }));

/** The words of the shop: the cart, its buttons and the pack pages. */
export const shopSchema = z.object({
  cart: z.object({
    heading: text,
    closeLabel: text,
    empty: text,
    itemsLabel: text,
    remove: text,
    removeLabel: template('name'),
    subtotal: text,
    checkout: text,
    openLabelOne: template('count'),
    openLabelMany: template('count'),
    addToCart: text,
    added: template('name'),
    alreadyIn: template('name'),
    /** A pack added while a bundle in the cart holds it: nothing is added. */
    inBundle: template('name', 'bundle'),
    /** A bundle added: its packs already in the cart were taken out (with Undo). */
    takenOut: template('bundle', 'names'),
    undo: text,
    /** A bundle holds every pack of the cart for less: what it saves, and the one tap to it. */
    cheaper: template('bundle', 'amount'),
    takeCheaper: template('bundle'),
    removed: template('name'),
    /** A bundle added that shares packs with one in the cart: nothing is added. */
    shares: template('bundle', 'names', 'other'),
    /** Said when a cart kept from before holds two bundles sharing a pack (the order refuses it). */
    repeats: template('names'),
    /** Under a bundle's line: its packs. */
    bundleOf: template('names'),
    /** Beside a bundle's price: what it saves on its packs one by one. */
    save: template('amount'),
  }),
  /** The shop's category filter (components/shop/shop-filter.tsx). */
  filter: z.object({
    /** Said to screen readers when a category is chosen. */
    shown: template('count', 'category'),
    /** The name of the list of tiles. */
    list: template('category'),
  }),
  pack: z.object({
    title: template('name'),
    shopLink: text,
    includedHeading: text,
    comparisonsHeading: text,
  }),
  bundle: z.object({
    membersLabel: text,
    tileLabel: template('count'),
  }),
  /** Buyers' reviews on a pack's or bundle's page (components/shop/reviews.tsx). */
  reviews: z.object({
    heading: text,
    /** Shown with at least three reviews: "4.0 out of 5 from 3 reviews". */
    average: template('rating', 'count'),
    stars: template('n'),
    verified: text,
    ofPack: template('name'),
    reply: template('studio'),
    /** On a shop tile: "★ 4.0 (3)". */
    tile: template('rating', 'count'),
  }),
  /** The /review/ page, where a buyer reviews a pack from the link of their order e-mail. */
  reviewForm: z.object({
    loading: text,
    packLabel: template('name'),
    ratingLabel: text,
    starLabel: template('n'),
    titleLabel: text,
    textLabel: text,
    textHint: text,
    nameLabel: text,
    nameHint: text,
    send: text,
    sending: text,
    moderation: text,
    /** Said on a link opened again while its review waits for the studio. */
    reopened: template('date'),
    sent: text,
    updated: text,
    published: template('email'),
    noLink: template('email'),
    /** The service could not be asked what the link is for. */
    openFailed: text,
    /** Why the review cannot be sent (the service's `problem`), or was not saved. */
    problems: z.object({
      invalid: template('email'),
      expired: template('email'),
      refunded: text,
      declined: template('email'),
      /** The shop no longer sells the pack. */
      closed: template('email'),
      /** The link sent its review many times in the last hour. */
      limited: text,
      unsaved: text,
      unreachable: text,
    }),
    fieldProblem: text,
  }),
  /** A pack's look on the visitor's own photo (components/shop/try-on.tsx). */
  tryOn: z.object({
    heading: text,
    intro: template('name'),
    choose: text,
    drop: text,
    approximation: text,
    preparing: template('name'),
    compareLabel: template('name'),
    strength: text,
    download: text,
    /** Said beside Download: the saved photo's size. */
    downloadSize: template('width', 'height'),
    unreadable: text,
    tooLarge: template('width', 'height'),
    failed: text,
    retry: text,
    quickViewLink: text,
  }),
});

export type Category = z.output<typeof categorySchema>;
export type Preset = z.output<typeof presetSchema>;
export type Bundle = z.output<typeof bundleSchema>;
export type ShopCopy = z.output<typeof shopSchema>;
export type CartCopy = ShopCopy['cart'];
