/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { presets } from './content';
import { allRoutes, presetPath, resolveSegment } from './routes';

describe('allRoutes', () => {
  const paths = allRoutes().map((route) => route.path);

  test("lists every route of the spec and every pack's page, once", () => {
    const expected = [
      '/',
      '/about/',
      '/book/',
      '/contact/',
      '/education/',
      '/presets/',
      '/checkout/',
      '/thank-you/',
      '/services/',
      '/lovenotes/',
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
    // A pack the studio adds has its page too; nothing else is added.
    const packPages = presets.map(presetPath);
    expect([...paths].sort()).toEqual([...new Set([...expected, ...packPages])].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('resolves single segments to bundles and old preset addresses', () => {
    expect(resolveSegment('portrait-bundle')).toMatchObject({ kind: 'bundle' });
    expect(resolveSegment('soul-tone-preset')).toMatchObject({
      kind: 'preset-redirect',
      preset: { slug: 'soul-tone' },
    });
    expect(resolveSegment('weddings')).toBeNull();
  });
});
