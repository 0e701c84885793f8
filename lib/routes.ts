import {
  galleries,
  presets,
  products,
  services,
  type Gallery,
  type Preset,
  type Product,
  type Service,
} from '@/lib/content';
import { journal, journalCities } from '@/lib/journal/posts';

export const presetPath = (preset: Pick<Preset, 'slug'>) => `/full-item/${preset.slug}/`;
/** The pack page's "Try it on your photo" section, which the quick view links to. */
export const TRY_ON_ID = 'try-on';
export const legacyPresetPath = (preset: Pick<Preset, 'legacyPath'>) => `/${preset.legacyPath}/`;

/** The packs of the original site, which have an old address that redirects to them. */
export const legacyPresets = () => presets.filter((preset) => preset.legacyPath);

/** A product's page: a pack's under /full-item/, any other kind's at the top level. */
export function productPath(product: Pick<Product, 'kind' | 'slug'>) {
  switch (product.kind) {
    case 'pack':
      return presetPath(product);
    case 'bundle':
      return `/${product.slug}/`;
  }
}
export const servicePath = (service: Pick<Service, 'slug'>) => `/services/${service.slug}/`;
export const galleryPath = (gallery: Pick<Gallery, 'collection' | 'slug'>) =>
  `/${gallery.collection}/${gallery.slug}/`;

export type RouteKind =
  'page' | 'product' | 'preset-redirect' | 'service' | 'gallery' | 'journal' | 'private';

export type Route = { path: string; kind: RouteKind };

const pagePaths = [
  '/',
  '/about/',
  '/book/',
  '/contact/',
  '/education/',
  '/presets/',
  '/services/',
  '/lovenotes/',
  '/journal/',
  '/terms/',
];
const privatePaths = ['/checkout/', '/thank-you/', '/review/'];

/** Every route the site pre-renders, with a trailing slash as the export writes them. */
export function allRoutes(): Route[] {
  return [
    ...pagePaths.map((path) => ({ path, kind: 'page' as const })),
    ...privatePaths.map((path) => ({ path, kind: 'private' as const })),
    ...products.map((product) => ({ path: productPath(product), kind: 'product' as const })),
    ...legacyPresets().map((preset) => ({
      path: legacyPresetPath(preset),
      kind: 'preset-redirect' as const,
    })),
    ...services.map((service) => ({ path: servicePath(service), kind: 'service' as const })),
    ...galleries.map((gallery) => ({ path: galleryPath(gallery), kind: 'gallery' as const })),
    ...journal().map((post) => ({ path: post.path, kind: 'journal' as const })),
    ...journalCities().map((city) => ({ path: city.path, kind: 'journal' as const })),
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
