import {
  galleries,
  journalCopy,
  pages,
  presets,
  products,
  services,
  terms,
  type Gallery,
  type Preset,
  type Product,
  type Service,
} from '@/lib/content';
import { PRODUCT_ADDRESS } from '@/lib/content/schema';
import { cityHeading, journal, journalCities } from '@/lib/journal/posts';

export const presetPath = (preset: Pick<Preset, 'slug'>) =>
  productPath({ kind: 'pack', ...preset });
/** The pack page's "Try it on your photo" section, which the quick view links to. */
export const TRY_ON_ID = 'try-on';
export const legacyPresetPath = (preset: Pick<Preset, 'legacyPath'>) => `/${preset.legacyPath}/`;

/** The packs of the original site, which have an old address that redirects to them. */
export const legacyPresets = () => presets.filter((preset) => preset.legacyPath);

/** A product's page: a pack's under /full-item/, any other kind's at the top level. */
export function productPath(product: Pick<Product, 'kind' | 'slug'>): string {
  return PRODUCT_ADDRESS[product.kind].replace('<slug>', product.slug);
}
export const servicePath = (service: Pick<Service, 'slug'>) => `/services/${service.slug}/`;
export const galleryPath = (gallery: Pick<Gallery, 'collection' | 'slug'>) =>
  `/${gallery.collection}/${gallery.slug}/`;

export type RouteKind =
  'page' | 'product' | 'preset-redirect' | 'service' | 'gallery' | 'journal' | 'private';

export type Route = {
  path: string;
  kind: RouteKind;
  /** The page's one heading (h1), from the content it is built from. */
  heading: string;
};

/** The site's own pages (not made per content entry), each with its heading. */
export type PageName = keyof typeof pages;

/** A page of content/pages.json at its address: its name in kebab case (`thankYou`: /thank-you/). */
export const pagePath = (name: PageName) =>
  name === 'home' ? '/' : `/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}/`;

/**
 * The checkout's steps, the review form and the booking's pages (the couple's, a payer's, the
 * studio's): pages of their own, kept out of search engines.
 */
const PRIVATE: readonly PageName[] = [
  'checkout',
  'thankYou',
  'review',
  'proposal',
  'pay',
  'studio',
];
/** Words of pages.json that are no page of their own (the 404 page answers any address). */
const NO_ADDRESS: readonly PageName[] = ['notFound'];

/** Whether search engines should list a page of pages.json. */
export const isListedPage = (name: PageName) => !PRIVATE.includes(name);

const pagesOf = (keep: (name: PageName) => boolean): Omit<Route, 'kind'>[] =>
  (Object.keys(pages) as PageName[])
    .filter((name) => keep(name) && !NO_ADDRESS.includes(name))
    .map((name) => ({ path: pagePath(name), heading: pages[name].heading }));

/** Every page of pages.json at its address (a new key is a new page), the journal and the terms. */
const sitePages = (): Omit<Route, 'kind'>[] => [
  ...pagesOf(isListedPage),
  { path: '/journal/', heading: journalCopy.page.heading },
  { path: '/terms/', heading: terms.heading },
];

const privatePages = () => pagesOf((name) => !isListedPage(name));

/**
 * Every route the site pre-renders, with a trailing slash as the export writes them, and the
 * heading its page shows: the sitemap, the 404 page's resolver, the link checks and the tests
 * read this list.
 */
export function allRoutes(): Route[] {
  const routes = (kind: RouteKind, list: Omit<Route, 'kind'>[]) =>
    list.map((route) => ({ ...route, kind }));
  return [
    ...routes('page', sitePages()),
    ...routes('private', privatePages()),
    ...routes(
      'product',
      products.map((product) => ({ path: productPath(product), heading: product.name })),
    ),
    ...routes(
      'preset-redirect',
      legacyPresets().map((preset) => ({ path: legacyPresetPath(preset), heading: preset.name })),
    ),
    ...routes(
      'service',
      services.map((service) => ({ path: servicePath(service), heading: service.heading })),
    ),
    ...routes(
      'gallery',
      galleries.map((gallery) => ({ path: galleryPath(gallery), heading: gallery.title })),
    ),
    ...routes(
      'journal',
      journal().map((post) => ({ path: post.path, heading: post.title })),
    ),
    ...routes(
      'journal',
      journalCities().map((city) => ({
        path: city.path,
        heading: cityHeading(city.name),
      })),
    ),
  ];
}

/** Search engines should list this route (not the checkout steps or the old redirecting addresses). */
export const isIndexable = (route: Route) =>
  route.kind !== 'private' && route.kind !== 'preset-redirect';

/** The products whose page is a single top-level segment (/<slug>/). */
export const topLevelProducts = () =>
  products.filter((product) => productPath(product) === `/${product.slug}/`);

/** What a single top-level segment names: a product's page, or an old -preset address. */
export function resolveSegment(segment: string) {
  const product = topLevelProducts().find((p) => p.slug === segment);
  if (product) return { kind: 'product' as const, product };
  const preset = presets.find((p) => p.legacyPath === segment);
  if (preset) return { kind: 'preset-redirect' as const, preset };
  return null;
}
