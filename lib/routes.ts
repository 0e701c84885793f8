import {
  bundles,
  galleries,
  presets,
  services,
  type Bundle,
  type Gallery,
  type Preset,
  type Service,
} from '@/lib/content';
import { journal, journalCities } from '@/lib/journal/posts';

export const presetPath = (preset: Pick<Preset, 'slug'>) => `/full-item/${preset.slug}/`;
/** The pack page's "Try it on your photo" section, which the quick view links to. */
export const TRY_ON_ID = 'try-on';
export const legacyPresetPath = (preset: Pick<Preset, 'legacyPath'>) => `/${preset.legacyPath}/`;

/** The packs of the original site, which have an old address that redirects to them. */
export const legacyPresets = () => presets.filter((preset) => preset.legacyPath);
export const bundlePath = (bundle: Pick<Bundle, 'slug'>) => `/${bundle.slug}/`;
export const servicePath = (service: Pick<Service, 'slug'>) => `/services/${service.slug}/`;
export const galleryPath = (gallery: Pick<Gallery, 'collection' | 'slug'>) =>
  `/${gallery.collection}/${gallery.slug}/`;

export type RouteKind =
  'page' | 'preset' | 'bundle' | 'preset-redirect' | 'service' | 'gallery' | 'journal' | 'private';

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
    ...presets.map((preset) => ({ path: presetPath(preset), kind: 'preset' as const })),
    ...bundles.map((bundle) => ({ path: bundlePath(bundle), kind: 'bundle' as const })),
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

/** What a single top-level segment such as /weddings-bundle or /stoic-preset names. */
export function resolveSegment(segment: string) {
  const bundle = bundles.find((b) => b.slug === segment);
  if (bundle) return { kind: 'bundle' as const, bundle };
  const preset = presets.find((p) => p.legacyPath === segment);
  if (preset) return { kind: 'preset-redirect' as const, preset };
  return null;
}
