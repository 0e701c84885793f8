import { z } from 'zod';
import {
  cms,
  externalUrl,
  imageSchema,
  internalHref,
  matching,
  price,
  prose,
  slug,
  template,
  text,
} from '@/lib/fields';
import { toCents } from '@/lib/shared/money';

/** Each kind of product's page address, <slug> its slug (lib/routes.ts builds them from these). */
export const PRODUCT_ADDRESS = { pack: '/full-item/<slug>/', bundle: '/<slug>/' } as const;

export const linkSchema = z.object({ label: text, href: internalHref });

/** A labelled group of links, shown as a dropdown in the header. */
export const linkGroupSchema = z.object({ label: text, links: z.array(linkSchema).min(1) });

export const socialSchema = z.object({
  network: z.enum(['instagram', 'youtube', 'facebook', 'pinterest', 'tiktok', 'vimeo']),
  label: text,
  url: externalUrl,
});

export const siteSchema = z.object({
  name: text,
  tagline: text,
  taglines: z.array(text).min(1),
  description: text,
  url: externalUrl,
  email: z.email('must be an e-mail address'),
  phone: text,
  location: z.object({ city: text, region: text, country: text }),
  areaServed: z.array(text).min(1),
  socials: z.array(socialSchema).length(3, 'must list exactly three social networks'),
  schedulingUrl: externalUrl,
  schedulingWidgetScript: externalUrl,
  currency: matching(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as "USD"'),
  copyrightYear: z.number().int().min(1900).max(2100),
  nav: z.object({
    header: z
      .array(
        z.discriminatedUnion('type', [
          linkSchema.extend({ type: z.literal('link') }),
          linkGroupSchema.extend({ type: z.literal('group') }),
        ]),
      )
      .min(1),
    book: linkSchema,
    footer: z.array(linkSchema).min(1),
  }),
  constants: z.object({
    galleryRotationMs: z.number().int().positive(),
    thumbnailScrollStepPx: z.number().int().positive(),
    headerScrolledThresholdPx: z.number().int().nonnegative(),
    parallaxStrength: z.number().int().positive(),
    parallaxBannerHeightPx: z.number().int().positive(),
    scriptTimeoutMs: z.number().int().positive(),
    schedulingWidgetHeightPx: z.number().int().positive(),
    schedulingWidgetMinWidthPx: z.number().int().positive(),
    schedulingFallbackAfterMs: z.number().int().positive(),
  }),
});

export const pageCopySchema = z.object({
  title: text,
  description: prose,
  heading: text,
  intro: z.array(prose).default([]),
  image: imageSchema.optional(),
});

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

export const projectCardSchema = z.object({
  title: text,
  description: prose,
  image: imageSchema,
  href: internalHref,
});

const serviceBase = {
  slug: matching(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens', {
    hint: 'The page’s address: /services/<slug>/.',
  }),
  name: text,
  image: imageSchema,
  title: text,
  description: prose,
  heading: text,
  intro: z.array(prose).default([]),
};

export const serviceSchema = z.discriminatedUnion('kind', [
  z.object({
    ...serviceBase,
    kind: z.literal('projects'),
    projects: z.array(projectCardSchema).min(1),
  }),
  z.object({ ...serviceBase, kind: z.literal('films'), films: z.enum(['ad', 'cinematic']) }),
  z.object({
    ...serviceBase,
    kind: z.literal('others'),
    offerings: z.array(z.object({ name: text, image: imageSchema })).min(1),
  }),
]);

export const collectionSchema = z.enum(['weddings', 'preweddings', 'fashion', 'events']);

export const audioSchema = z.object({
  src: matching(
    /^[a-z0-9][a-z0-9/_-]*\.(mp3|m4a|ogg|opus)$/,
    'must be a lowercase audio file path inside media/',
    { widget: 'file', label: 'Audio file' },
  ),
  title: text,
});

export const collectionsSchema = z.record(
  collectionSchema,
  z.object({ label: text, audio: audioSchema.nullable() }),
);

export const videoSchema = z.object({
  src: matching(
    /^[a-z0-9][a-z0-9/_-]*\.(webm|mp4)$/,
    'must be a lowercase video file path inside media/',
    { widget: 'file', label: 'Video file' },
  ),
  type: z.enum(['video/webm', 'video/mp4']),
});

const bannerSchema = z.object({ image: imageSchema, heading: text, link: linkSchema });

export const homeSchema = z.object({
  hero: z.object({ poster: imageSchema, videos: z.array(videoSchema).min(1) }),
  promo: z.object({ heading: text, text: prose, link: linkSchema, image: imageSchema }),
  intro: z.object({ heading: text, text: z.array(prose).min(1), link: linkSchema }),
  grid: z.array(imageSchema).min(1),
  strip: z.object({ heading: text, images: z.array(imageSchema).min(2) }),
  banner: bannerSchema,
});

export const aboutSchema = z.object({
  banner: bannerSchema,
  story: z.array(prose).min(1),
  images: z.array(imageSchema).length(3, 'must hold exactly three images'),
});

export const educationSchema = z.object({
  image: imageSchema,
  offers: z
    .array(
      z.object({
        name: text,
        price,
        status: z.enum(['available', 'coming-soon']),
        details: z.array(text).min(1),
        description: prose,
        // The editor leaves an empty optional object out of the file: absent is no link too.
        link: linkSchema.nullable().default(null),
      }),
    )
    .min(1),
  shop: z.object({ heading: text, text: prose, link: linkSchema }),
});

/** The currencies the enquiry shows budgets and starting prices in. */
export const enquiryCurrencies = ['CAD', 'INR', 'USD'] as const;
const perCurrency = <T extends z.ZodType>(value: T) =>
  z.object({ CAD: value, INR: value, USD: value });
const amount = z.number().int().positive();
const startingPrice = perCurrency(z.object({ perEvent: amount, perDay: amount }));

/** The qualifying enquiry around the fixed fields (components/enquiry/enquiry-form.tsx). */
const enquirySchema = z.object({
  sections: z.object({ about: text, events: text, message: text }),
  eventsIntro: prose,
  event: z.object({
    legend: template('n'),
    of: template('count'),
    kind: text,
    date: text,
    dateHint: text,
    day: text,
    month: text,
    year: text,
    city: text,
    venue: text,
    venueHint: text,
    guests: text,
    coverage: text,
    add: text,
    remove: text,
    removed: template('n'),
    max: text,
  }),
  eventKinds: z
    .array(
      z.object({
        value: matching(/^[a-z]+(-[a-z]+)*$/, 'must be lowercase words joined by "-"', {
          hint: 'What links use: /contact/?event=sangeet',
        }),
        label: text,
        names: z
          .array(text)
          .default([])
          .meta({
            cms: {
              hint: 'What families call it, each offered on its own: "Anand Karaj", "Pheras", "Nikah".',
            },
          }),
        /**
         * How a sentence names it, or one of its names, where "a" or "an" before it reads wrong:
         * "We've started with the Pheras at Hindu Sabha Mandir".
         */
        inSentences: z
          .array(z.object({ name: text, sentence: text }))
          .default([])
          .meta({
            cms: {
              hint: 'Only where "a" or "an" reads wrong: name "Pheras", sentence "the Pheras".',
            },
          }),
      }),
    )
    .min(1),
  coverage: z.object({ photo: text, film: text, both: text }),
  country: z.object({ label: text, hint: text, elsewhere: text, other: text }),
  countries: z.array(z.object({ name: text, currency: z.enum(enquiryCurrencies) })).min(1),
  budget: z.object({ label: text, notSure: text, bands: perCurrency(z.array(text).min(1)) }),
  startingPrices: z.object({ photo: startingPrice, film: startingPrice, both: startingPrice }),
  /** "Are you free on our dates?", from content/availability.json. */
  availability: z.object({
    free: text,
    oneTeam: text,
    booked: text,
    /** Said with the estimate, naming the events on days the studio's list marks. */
    bookedEvents: template('events'),
    oneTeamEvents: template('events'),
  }),
  prefill: z.object({
    started: template('event'),
    at: template('venue'),
    from: template('couple'),
    change: text,
  }),
  titles: z.object({ error: template('title'), check: template('title'), sent: template('title') }),
  checkLabel: text,
  check: z.object({
    heading: text,
    intro: text,
    change: text,
    none: text,
    undated: text,
    guests: template('n'),
  }),
  draft: z.object({ restored: text, startAgain: text, cleared: text, undo: text }),
  errors: z.object({
    summary: text,
    emailInvalid: text,
    eventKind: template('n'),
    eventCity: template('n'),
    dateIncomplete: template('n'),
    dateImpossible: template('n'),
    datePast: template('n'),
    guests: template('n'),
    country: text,
    otherCountry: text,
  }),
  reply: z.object({
    greeting: template('name'),
    returning: template('date'),
    startNew: text,
    timeline: text,
    estimate: template('events', 'days', 'total'),
    estimateUndated: template('events', 'total'),
    estimateBasis: prose,
    quoted: text,
    book: text,
    bookIntro: text,
    promise: text,
    phone: template('phone'),
    copied: template('email'),
    notCopied: text,
    save: text,
  }),
  subject: template('names', 'date', 'city'),
});

export const contactSchema = z.object({
  phoneLabel: text,
  fields: z
    .array(
      z
        .object({
          name: matching(/^[a-zA-Z]+$/, 'must be letters only, as Formspree receives it'),
          label: text,
          type: z.enum(['text', 'email', 'tel', 'select', 'textarea']),
          required: z.boolean(),
          hint: text.optional(),
          placeholder: text.optional(),
          autoComplete: text.optional(),
          options: z.array(text).optional(),
          errorPrefix: text.optional(),
          /** What the form says when a required field is left empty. */
          missing: text.optional(),
        })
        .refine((field) => !field.required || field.missing, {
          error: 'a required field needs its "missing" message',
          path: ['missing'],
        }),
    )
    .min(1),
  submitLabel: text,
  success: text,
  networkError: text,
  enquiry: enquirySchema,
});

export const checkoutSchema = z.object({
  detailsHeading: text,
  fields: z.object({ name: text, email: text, phone: text, address: text }),
  continueLabel: text,
  /** The heading of the list of what Continue found wrong. */
  errorSummary: text,
  paymentHeading: text,
  summaryHeading: text,
  editDetailsLabel: text,
  totalLabel: text,
  emptyCart: text,
  emptyCartLink: text,
  retryLabel: text,
  capturedNote: text,
  cartNote: text,
  discount: z.object({
    label: text,
    apply: text,
    remove: text,
    line: text,
    applied: text,
    changed: text,
    messages: z.object({
      unknown: text,
      expired: text,
      'used-up': text,
      minimum: text,
      'not-applicable': text,
      unreachable: text,
    }),
  }),
  orderDescription: text.max(127, 'must be at most 127 characters (PayPal shows no more)'),
  receipt: z.object({
    discountLabel: text,
    paidLabel: text,
    emailSentTo: text,
    /** The payment is pending at PayPal: the links are e-mailed when it completes. */
    pending: template('email'),
    spamHint: text,
    downloadsHeading: text,
    downloadLabel: text,
    /** "Each link gives 5 downloads over 7 days, until": the pack page's words for the links. */
    linksNote: template('downloads', 'days'),
    /** The pointer to the install guide under the downloads. */
    guideNote: text,
    /** Before the order's id (and what was paid), at the top of the receipt. */
    orderLabel: text,
  }),
  recovered: z.object({ message: text, link: text, dismiss: text }),
  downloadPage: z.object({
    heading: text,
    button: text,
    validUntil: text,
    downloadsLeft: text,
    help: text,
  }),
  /** The buyer's order e-mail, which the order service sends (published in /catalog.json). */
  email: z.object({
    subject: template('orderId'),
    greeting: template('name'),
    greetingNoName: text,
    intro: template('orderId'),
    discountLabel: text,
    totalLabel: text,
    downloadsHeading: text,
    downloadLabel: template('name'),
    terms: template('limit', 'expiry'),
    licenseHeading: text,
    freshLinks: template('url'),
    questions: template('email'),
  }),
  /** The delivery e-mail's links to review each pack, and the one reminder (the order service). */
  reviewEmail: z.object({
    heading: text,
    intro: text,
    label: template('name'),
    reminderSubject: template('orderId'),
    reminderGreeting: template('name'),
    reminderIntro: template('studio'),
    reminderOff: text,
  }),
  resend: z.object({
    heading: text,
    /** What the links give, in the pack pages' words: {downloads} and {days} are filled in. */
    intro: template('downloads', 'days'),
    orderLabel: text,
    emailLabel: text,
    submitLabel: text,
    sent: text,
    failed: text,
  }),
  allOrders: z.object({
    heading: text,
    intro: text,
    emailLabel: text,
    submitLabel: text,
    sent: text,
    failed: text,
  }),
  messages: z.object({
    confirmationFailed: text,
    providerError: text,
    scriptFailed: text,
    /** The order service cannot be reached: said before any payment button is offered. */
    serviceDown: text,
    /** Paid, but the order could not be delivered by itself: the studio takes it from here. */
    paidNotDelivered: template('email', 'orderId'),
    /** The page showed older prices than the shop's: what changed, then the new total. */
    pricesChanged: text,
    priceChanged: template('name', 'price'),
    packWithdrawn: template('name'),
    /** A pack whose file the studio has not put in place yet: nothing was charged. */
    packUnavailable: template('names'),
    /** Packs in the cart on their own and in a bundle too: taken out, so nothing is paid twice. */
    packInBundle: template('names'),
    /** After packInBundle: a bundle that holds every pack of the order for less. */
    cheaperBundle: template('bundle', 'price'),
    /** The code's last use went to another buyer while this one paid: nothing was charged. */
    codeTaken: text,
    /** The payment went back before the order was delivered. */
    refunded: text,
  }),
  loadingCart: text,
  loadingPayPal: text,
});

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

export const tileSizeSchema = z.enum(['large', 'small', 'medium']);

export const gallerySchema = z.object({
  collection: collectionSchema,
  slug: matching(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens', {
    hint: 'The gallery’s address: /<collection>/<slug>/.',
  }),
  title: text,
  description: prose,
  images: z.array(imageSchema).min(1),
  sizes: z
    .array(tileSizeSchema)
    .meta(
      cms({ hint: 'Each tile takes the size at its position; tiles beyond the list get none.' }),
    ),
});

export const filmSchema = z
  .object({
    title: text,
    collection: z.enum(['ad', 'cinematic']),
    youtubeId: matching(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id', {
      label: 'YouTube id',
      hint: 'The part after v= in the film’s YouTube address.',
    }),
    description: prose,
    uploaded: z.iso.date('must be the day it went up on YouTube, as YYYY-MM-DD').meta(
      cms({
        widget: 'datetime',
        format: 'YYYY-MM-DD',
        date_format: 'YYYY-MM-DD',
        time_format: false,
        picker_utc: true,
        hint: 'The day it went up on YouTube; search engines show it with the film.',
      }),
    ),
    length: matching(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, 'must be its running time, as m:ss or h:mm:ss', {
      hint: 'Its running time, as m:ss or h:mm:ss.',
    }),
    poster: imageSchema,
  })
  .transform(({ length, ...film }) => {
    const [seconds = 0, minutes = 0, hours = 0] = length.split(':').map(Number).reverse();
    // ISO 8601, as schema.org's VideoObject takes it: PT1H2M3S.
    const duration = `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds}S`;
    return { ...film, duration };
  });

export const loveNoteSchema = z.object({
  couple: text,
  place: text,
  note: prose,
  portrait: imageSchema,
});

export type Image = z.output<typeof imageSchema>;
export type Link = z.output<typeof linkSchema>;
export type LinkGroup = z.output<typeof linkGroupSchema>;
export type Social = z.output<typeof socialSchema>;
export type Site = z.output<typeof siteSchema>;
export type PageCopy = z.output<typeof pageCopySchema>;
export type Category = z.output<typeof categorySchema>;
export type Preset = z.output<typeof presetSchema>;
export type Bundle = z.output<typeof bundleSchema>;
export type ProjectCard = z.output<typeof projectCardSchema>;
export type Service = z.output<typeof serviceSchema>;
export type Collection = z.output<typeof collectionSchema>;
export type Home = z.output<typeof homeSchema>;
export type About = z.output<typeof aboutSchema>;
export type Education = z.output<typeof educationSchema>;
export type Contact = z.output<typeof contactSchema>;
export type ContactField = Contact['fields'][number];
export type EnquiryCopy = Contact['enquiry'];
export type EnquiryCurrency = (typeof enquiryCurrencies)[number];
export type CheckoutCopy = z.output<typeof checkoutSchema>;
export type ShopCopy = z.output<typeof shopSchema>;
export type CartCopy = ShopCopy['cart'];
export type Audio = z.output<typeof audioSchema>;
export type TileSize = z.output<typeof tileSizeSchema>;
export type Gallery = z.output<typeof gallerySchema>;
export type Film = z.output<typeof filmSchema>;
export type LoveNote = z.output<typeof loveNoteSchema>;
