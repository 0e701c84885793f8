import { contentFileData, folderFiles } from './content.generated';
import { contentFiles, contentFolders, type ContentFileName } from './files';
import { ContentError, parseContent } from './parse';
import { productList, type Product, type ProductKind } from './products';
import type { Collection, Preset } from './schema';
import type { Review } from '@/lib/content/review-schema';
import type { z } from 'zod';

/**
 * The content files as they are on disk, imported by content.generated.ts (made from the registry,
 * lib/content/files.ts), not read from disk: the dev server shows an edit at once, and the build,
 * Jest and the scripts all see the same files.
 */
export const rawContent = contentFileData;

type Parsed = { [Name in ContentFileName]: z.output<(typeof contentFiles)[Name]['schema']> };

/** Every content file, validated; a broken one stops the build with its file, entry and field. */
export const content = Object.fromEntries(
  Object.entries(contentFiles).map(([name, { file, schema }]) => [
    name,
    parseContent(file, schema, rawContent[name as ContentFileName]),
  ]),
) as Parsed;

export const site = content.site;
export const home = content.home;
export const about = content.about;
export const education = content.education;
export const contact = content.contact;
export const checkoutCopy = content.checkout;
export const shopCopy = content.shop;
export const pages = content.pages;
export const presets = content.presets.presets;
export const services = content.services.services;
export const collections = content.galleries.collections;
export const galleries = content.galleries.galleries;
export const films = content.films.films;
export const loveNotes = content.lovenotes.loveNotes;
export const journalCopy = content.journal;
export const terms = content.terms;
export const rates = content.rates;
export const tax = content.tax;
export const booking = content.booking;
export const availability = content.availability;

/** What the shop sells, every kind in one list (lib/content/products.ts). */
export const products = productList(content, contentFiles);

/**
 * Review files, validated. Buyers write them (through the order service), so none may stop the
 * build: one that breaks the rules, or reviews a pack the shop no longer sells, is set aside (on
 * no page, in no markup) with the reason naming its file and field, which the build prints.
 */
export function parseReviews(
  files: Record<string, unknown>,
  packs: Set<string>,
): { kept: (Review & { file: string })[]; setAside: { file: string; why: string }[] } {
  const kept: (Review & { file: string })[] = [];
  const setAside: { file: string; why: string }[] = [];
  for (const [file, data] of Object.entries(files)) {
    try {
      const review = parseContent(file, contentFolders.reviews.schema, data);
      if (!packs.has(review.pack)) {
        throw new ContentError(file, [
          {
            at: 'field "pack"',
            field: 'pack',
            words: `"${review.pack}" is not a product the shop sells (withdrawn?)`,
          },
        ]);
      }
      kept.push({ ...review, file });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      setAside.push({ file, why: error.message });
    }
  }
  return { kept, setAside };
}

const parsedReviews = parseReviews(
  folderFiles.reviews ?? {},
  new Set(products.flatMap((product) => [product.slug, ...product.packs.map((pack) => pack.slug)])),
);

/** Every review of content/reviews/, published or not (but those set aside). */
export const reviews = parsedReviews.kept;

/** Review files kept off every page, and why: the build warns of each. */
export const reviewsSetAside = parsedReviews.setAside;

/**
 * The published reviews of these packs, newest first (by the month of the order, then the day the
 * review arrived), whatever their rating.
 */
export function publishedReviews(packs: Pick<Preset, 'slug'>[]) {
  const slugs = new Set(packs.map((pack) => pack.slug));
  return reviews
    .filter((review) => review.published && !review.withdrawn && slugs.has(review.pack))
    .sort((a, b) => b.month.localeCompare(a.month) || b.received.localeCompare(a.received));
}

/** The products of one kind: productsOf('pack'). */
export const productsOf = <Kind extends ProductKind>(kind: Kind) =>
  products.filter((product): product is Extract<Product, { kind: Kind }> => product.kind === kind);

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
export type * from './products';
export { heldPacks } from './products';
export type * from './terms-schema';
export type * from './availability-schema';
export type * from '@/lib/content/review-schema';
export { ALL_CATEGORY, categorySchema } from './schema';
