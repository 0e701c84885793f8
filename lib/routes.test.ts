/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { presets } from './content';
import { journal, journalCities } from './journal/posts';
import { allRoutes, presetPath, resolveSegment } from './routes';

describe('allRoutes', () => {
  const paths = allRoutes().map((route) => route.path);

  test("lists every route of the site, every pack's page and the journal's, once", () => {
    const expected = [
      '/',
      '/about/',
      '/book/',
      '/contact/',
      '/education/',
      '/presets/',
      '/checkout/',
      '/thank-you/',
      '/review/',
      '/services/',
      '/lovenotes/',
      '/journal/',
      '/terms/',
      ...['stoic-pack', 'regal-tones', 'earthy-tone', 'soul-tone', 'film-pack', 'awaken'].map(
        (slug) => `/full-item/${slug}/`,
      ),
      ...[
        'weddings',
        'pre-post-weddings',
        'event-coverage',
        'fashion-shoots',
        'ad-films',
        'cinematicFilms',
        'others',
      ].map((slug) => `/services/${slug}/`),
      '/weddings/Wed1/',
      '/weddings/Wed2/',
      ...[1, 2, 3, 4, 5].map((n) => `/preweddings/pre-wedding-shoot-${n}/`),
      ...[1, 2, 3].map((n) => `/fashion/fashion-shoot-${n}/`),
      ...[1, 2, 3].map((n) => `/events/event${n}/`),
      '/weddings-bundle/',
      '/portrait-bundle/',
      '/bundle-save-all-presets/',
      ...['stoic', 'regal', 'earthy', 'soul-tone', 'film-pack', 'awaken'].map(
        (p) => `/${p}-preset/`,
      ),
    ];
    // A pack or a post the studio adds has its page too (and a post its cities'); nothing else.
    const added = [
      ...presets.map(presetPath),
      ...journal().map((post) => post.path),
      ...journalCities().map((city) => city.path),
    ];
    expect(journal().length).toBeGreaterThan(0);
    expect([...paths].sort()).toEqual([...new Set([...expected, ...added])].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('resolves single segments to top-level products and old preset addresses', () => {
    expect(resolveSegment('portrait-bundle')).toMatchObject({
      kind: 'product',
      product: { kind: 'bundle', slug: 'portrait-bundle' },
    });
    // A pack's page is under /full-item/, not at the top level.
    expect(resolveSegment('stoic-pack')).toBeNull();
    expect(resolveSegment('soul-tone-preset')).toMatchObject({
      kind: 'preset-redirect',
      preset: { slug: 'soul-tone' },
    });
    expect(resolveSegment('weddings')).toBeNull();
  });
});
