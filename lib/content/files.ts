import { z } from 'zod';
import {
  aboutSchema,
  bundleSchema,
  checkoutSchema,
  collectionsSchema,
  contactSchema,
  educationSchema,
  filmSchema,
  gallerySchema,
  homeSchema,
  loveNoteSchema,
  pageCopySchema,
  presetSchema,
  serviceSchema,
  shopSchema,
  siteSchema,
  deliveryWordsSchema,
} from './schema';
import { JOURNAL_DIR, journalCopySchema, journalPostSchema } from '@/lib/journal/schema';
import { availabilitySchema } from './availability-schema';
import { reviewSchema } from '@/lib/content/review-schema';
import { ratesSchema, termsSchema } from './terms-schema';
import { taxSchema } from './tax-schema';
import { bookingContentSchema } from '@/lib/booking/content';

/** Adds an issue on every entry after the first whose key was already seen. */
function unique<T>(key: (entry: T) => string | undefined, field: string) {
  return (entries: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const value = key(entry)?.toLowerCase();
      if (value === undefined) return;
      if (seen.has(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, field],
          message: `duplicates "${value}"`,
        });
      }
      seen.add(value);
    });
  };
}

/** Where the CMS lists a file (lib/cms/config.ts): one collection per group. */
export const contentGroups = {
  shop: 'Shop',
  pages: 'Pages',
  work: 'Services, galleries and films',
  settings: 'Site settings',
} as const;

type ContentFile = {
  /** The file's path in the repository. */
  file: string;
  label: string;
  group: keyof typeof contentGroups;
  schema: z.ZodType;
  /** The page that shows the file's content first: the editor's "View preview" opens it. */
  page: string;
};

/**
 * Every content file with the schema it must match: the one source of truth for the shape of the
 * content. lib/content parses the files with it, lib/cms/config.ts makes the CMS's forms from it.
 * A file holds an object (a CMS edits objects), so lists sit under a key: { "presets": [...] }.
 */
export const contentFiles = {
  presets: {
    file: 'content/presets.json',
    label: 'Preset packs',
    group: 'shop',
    schema: z.object({
      /** What every pack delivers, in the buyer's words (a pack may say its own). */
      words: deliveryWordsSchema,
      presets: z
        .array(presetSchema)
        .min(1)
        .superRefine(unique((p) => p.name, 'name'))
        .superRefine(unique((p) => p.slug, 'slug'))
        .superRefine(unique((p) => p.legacyPath, 'legacyPath')),
    }),
    page: '/presets/',
  },
  bundles: {
    file: 'content/bundles.json',
    label: 'Bundles',
    group: 'shop',
    schema: z.object({
      bundles: z.array(bundleSchema).superRefine(unique((b) => b.slug, 'slug')),
    }),
    page: '/presets/',
  },
  shop: {
    file: 'content/shop.json',
    label: 'Cart and pack pages',
    group: 'shop',
    schema: shopSchema,
    page: '/presets/',
  },
  terms: {
    file: 'content/terms.json',
    label: 'Terms of sale',
    group: 'shop',
    schema: termsSchema,
    page: '/terms/',
  },
  rates: {
    file: 'content/rates.json',
    label: 'Exchange rates (approximate prices)',
    group: 'shop',
    schema: ratesSchema,
    page: '/presets/',
  },
  tax: {
    file: 'content/tax.json',
    label: 'Tax',
    group: 'shop',
    schema: taxSchema,
    page: '/checkout/',
  },
  booking: {
    file: 'content/booking.json',
    label: 'Weddings booked on the site: contract, schedule, cancellation, words',
    group: 'work',
    schema: bookingContentSchema,
    page: '/proposal/',
  },
  checkout: {
    file: 'content/checkout.json',
    label: 'Checkout, receipt and e-mail',
    group: 'shop',
    schema: checkoutSchema,
    page: '/checkout/',
  },
  pages: {
    file: 'content/pages.json',
    label: 'Page titles and headings',
    group: 'pages',
    schema: z.object({
      home: pageCopySchema,
      about: pageCopySchema,
      book: pageCopySchema,
      contact: pageCopySchema,
      education: pageCopySchema,
      presets: pageCopySchema,
      checkout: pageCopySchema,
      thankYou: pageCopySchema,
      review: pageCopySchema,
      proposal: pageCopySchema,
      pay: pageCopySchema,
      studio: pageCopySchema,
      services: pageCopySchema,
      lovenotes: pageCopySchema,
      notFound: pageCopySchema,
    }),
    page: '/',
  },
  home: {
    file: 'content/home.json',
    label: 'Home page',
    group: 'pages',
    schema: homeSchema,
    page: '/',
  },
  about: {
    file: 'content/about.json',
    label: 'About page',
    group: 'pages',
    schema: aboutSchema,
    page: '/about/',
  },
  education: {
    file: 'content/education.json',
    label: 'Coaching page',
    group: 'pages',
    schema: educationSchema,
    page: '/education/',
  },
  contact: {
    file: 'content/contact.json',
    label: 'Contact form',
    group: 'pages',
    schema: contactSchema,
    page: '/contact/',
  },
  availability: {
    file: 'content/availability.json',
    label: 'Availability',
    group: 'pages',
    schema: availabilitySchema,
    page: '/book/',
  },
  journal: {
    file: 'content/journal.json',
    label: 'Journal: page and words',
    group: 'pages',
    schema: journalCopySchema,
    page: '/journal/',
  },
  services: {
    file: 'content/services.json',
    label: 'Services',
    group: 'work',
    schema: z.object({
      services: z
        .array(serviceSchema)
        .min(1)
        .superRefine(unique((s) => s.slug, 'slug')),
    }),
    page: '/services/',
  },
  galleries: {
    file: 'content/galleries.json',
    label: 'Galleries',
    group: 'work',
    schema: z.object({
      collections: collectionsSchema,
      galleries: z
        .array(gallerySchema)
        .superRefine(unique((g) => `${g.collection}/${g.slug}`, 'slug')),
    }),
    page: '/',
  },
  films: {
    file: 'content/films.json',
    label: 'Films',
    group: 'work',
    schema: z.object({ films: z.array(filmSchema) }),
    page: '/',
  },
  lovenotes: {
    file: 'content/lovenotes.json',
    label: 'Love notes',
    group: 'work',
    schema: z.object({ loveNotes: z.array(loveNoteSchema) }),
    page: '/lovenotes/',
  },
  site: {
    file: 'content/site.json',
    label: 'Studio, navigation and constants',
    group: 'settings',
    schema: siteSchema,
    page: '/',
  },
} satisfies Record<string, ContentFile>;

export type ContentFileName = keyof typeof contentFiles;

/** A content folder: where its entries are, how they are written, how the editor shows them. */
export type ContentFolder = {
  folder: string;
  format: 'json' | 'markdown';
  label: string;
  singular: string;
  /** What the editor's list shows of an entry, and what it may sort by. */
  summary: string;
  sortBy: string[];
  schema: z.ZodType;
  /** The page of one entry, as a Decap template of its fields: the editor's "View preview". */
  page: string;
  editor: {
    create: boolean;
    delete: boolean;
    /** The file name of a new entry. */
    slug?: string;
    identifier: string;
    /** A Markdown entry's body: its label in the editor. */
    body?: string;
    preview: boolean;
    /** Sorted by the first of `sortBy`, newest first. */
    newestFirst?: boolean;
  };
};

/**
 * The content folders: one file per entry, each matching its schema: JSON (its data), or Markdown
 * (YAML front matter for the data, the body for the story). scripts/content/index.ts imports every
 * file of each folder into lib/content/content.generated.ts (before the build, `next dev`, the type
 * check and the unit tests; `npm run dev` keeps it current), so that the pages import them as they
 * import the files above; lib/cms/config.ts makes each an editor collection.
 */
export const contentFolders = {
  // The real-wedding journal, one post per wedding (lib/journal/posts.ts), written in the editor.
  journal: {
    folder: JOURNAL_DIR,
    format: 'markdown',
    label: 'Journal',
    singular: 'Wedding',
    summary: '{{couple}}: {{tradition}}, {{published}}',
    sortBy: ['published', 'couple'],
    schema: journalPostSchema,
    // A post's address may be made from its fields at build time, which a template cannot say.
    page: '/journal/',
    editor: {
      create: true,
      delete: true,
      slug: '{{couple}}',
      identifier: 'couple',
      body: 'The story',
      preview: true,
    },
  },
  // Buyers' reviews, written by the order service and published, answered or deleted in the
  // editor; the newest first.
  reviews: {
    folder: 'content/reviews',
    format: 'json',
    label: 'Reviews',
    singular: 'Review',
    summary: '{{published}} · {{received}} · {{pack}} · {{rating}}/5 · {{name}}: {{title}}',
    sortBy: ['received', 'published', 'pack'],
    schema: reviewSchema,
    page: '/full-item/{{fields.pack}}/',
    editor: { create: false, delete: true, identifier: 'title', preview: false, newestFirst: true },
  },
} satisfies Record<string, ContentFolder>;

export type ContentFolderName = keyof typeof contentFolders;
