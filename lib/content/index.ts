import { z } from 'zod';
import { about as rawAbout } from '@/content/about';
import { bundles as rawBundles } from '@/content/bundles';
import { checkout as rawCheckout } from '@/content/checkout';
import { contact as rawContact } from '@/content/contact';
import { education as rawEducation } from '@/content/education';
import { films as rawFilms } from '@/content/films';
import { collections as rawCollections, galleries as rawGalleries } from '@/content/galleries';
import { home as rawHome } from '@/content/home';
import { loveNotes as rawLoveNotes } from '@/content/lovenotes';
import { pages as rawPages } from '@/content/pages';
import { presets as rawPresets } from '@/content/presets';
import { services as rawServices } from '@/content/services';
import { site as rawSite } from '@/content/site';
import { parseContent } from './parse';
import {
  aboutSchema,
  bundleSchema,
  checkoutSchema,
  educationSchema,
  collectionsSchema,
  contactSchema,
  filmSchema,
  gallerySchema,
  homeSchema,
  loveNoteSchema,
  pageCopySchema,
  presetSchema,
  serviceSchema,
  siteSchema,
  type Collection,
} from './schema';

/** Adds an issue on every entry after the first whose key was already seen. */
function unique<T>(key: (entry: T) => string, field: string) {
  return (entries: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const value = key(entry).toLowerCase();
      if (seen.has(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, field],
          message: `duplicates "${key(entry)}"`,
        });
      }
      seen.add(value);
    });
  };
}

export const site = parseContent('content/site.ts', siteSchema, rawSite);

export const home = parseContent('content/home.ts', homeSchema, rawHome);

export const about = parseContent('content/about.ts', aboutSchema, rawAbout);

export const education = parseContent('content/education.ts', educationSchema, rawEducation);

export const contact = parseContent('content/contact.ts', contactSchema, rawContact);

export const checkoutCopy = parseContent('content/checkout.ts', checkoutSchema, rawCheckout);

export const pages = parseContent(
  'content/pages.ts',
  z.object({
    home: pageCopySchema,
    about: pageCopySchema,
    book: pageCopySchema,
    contact: pageCopySchema,
    education: pageCopySchema,
    presets: pageCopySchema,
    checkout: pageCopySchema,
    thankYou: pageCopySchema,
    services: pageCopySchema,
    lovenotes: pageCopySchema,
    notFound: pageCopySchema,
  }),
  rawPages,
);

export const presets = parseContent(
  'content/presets.ts',
  z
    .array(presetSchema)
    .min(1)
    .superRefine(unique((p) => p.name, 'name'))
    .superRefine(unique((p) => p.slug, 'slug'))
    .superRefine(unique((p) => p.legacyPath, 'legacyPath')),
  rawPresets,
);

const presetNames = new Set(presets.map((preset) => preset.name));

export const bundles = parseContent(
  'content/bundles.ts',
  z
    .array(
      bundleSchema.superRefine((bundle, ctx) => {
        bundle.members.forEach((member, index) => {
          if (!presetNames.has(member)) {
            ctx.addIssue({
              code: 'custom',
              path: ['members', index],
              message: `"${member}" is not a preset in content/presets.ts`,
            });
          }
        });
      }),
    )
    .superRefine(unique((b) => b.slug, 'slug')),
  rawBundles,
);

export const services = parseContent(
  'content/services.ts',
  z
    .array(serviceSchema)
    .min(1)
    .superRefine(unique((s) => s.slug, 'slug')),
  rawServices,
);

export const collections = parseContent('content/galleries.ts', collectionsSchema, rawCollections);

export const galleries = parseContent(
  'content/galleries.ts',
  z.array(gallerySchema).superRefine(unique((g) => `${g.collection}/${g.slug}`, 'slug')),
  rawGalleries,
);

export const films = parseContent('content/films.ts', z.array(filmSchema), rawFilms);

export const loveNotes = parseContent(
  'content/lovenotes.ts',
  z.array(loveNoteSchema),
  rawLoveNotes,
);

/** Every content module with the file it comes from, for checks that span them all. */
export const contentModules: [file: string, data: unknown][] = [
  ['content/site.ts', site],
  ['content/pages.ts', pages],
  ['content/home.ts', home],
  ['content/about.ts', about],
  ['content/education.ts', education],
  ['content/contact.ts', contact],
  ['content/presets.ts', presets],
  ['content/bundles.ts', bundles],
  ['content/services.ts', services],
  ['content/galleries.ts', collections],
  ['content/galleries.ts', galleries],
  ['content/films.ts', films],
  ['content/lovenotes.ts', loveNotes],
];

export function getPreset(slug: string) {
  return presets.find((preset) => preset.slug === slug);
}

export function getBundle(slug: string) {
  return bundles.find((bundle) => bundle.slug === slug);
}

/** The member presets of a bundle, in the bundle's order. */
export function bundleMembers(bundle: { members: string[] }) {
  return bundle.members.map((name) => presets.find((preset) => preset.name === name)!);
}

export function getService(slug: string) {
  return services.find((service) => service.slug === slug);
}

export function getGallery(collection: string, slug: string) {
  return galleries.find((gallery) => gallery.collection === collection && gallery.slug === slug);
}

export function galleryAudio(collection: Collection) {
  return collections[collection].audio;
}

export function filmsOf(collection: 'ad' | 'cinematic') {
  return films.filter((film) => film.collection === collection);
}

export type * from './schema';
export { ALL_CATEGORY, categorySchema } from './schema';
