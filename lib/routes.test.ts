/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { galleries, products, services } from './content';
import { journal, journalCities } from './journal/posts';
import { allRoutes, galleryPath, productPath, resolveSegment, servicePath } from './routes';

describe('allRoutes', () => {
  const paths = allRoutes().map((route) => route.path);

  test("holds every address of the spec, each content entry's page, each route once", () => {
    // The spec's addresses (../shared/SPEC.md): a requirement, not a copy of the list. A page or
    // an entry the studio adds needs no change here.
    const spec = [
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
      ...['weddings', 'pre-post-weddings', 'event-coverage', 'fashion-shoots', 'ad-films'].map(
        (slug) => `/services/${slug}/`,
      ),
      '/services/cinematicFilms/',
      '/services/others/',
      '/weddings/Wed1/',
      '/preweddings/pre-wedding-shoot-1/',
      '/fashion/fashion-shoot-1/',
      '/events/event1/',
      ...['stoic', 'regal', 'earthy', 'soul-tone', 'film-pack', 'awaken'].map(
        (p) => `/${p}-preset/`,
      ),
    ];
    expect(paths).toEqual(expect.arrayContaining(spec));
    const fromContent = [
      ...products.map(productPath),
      ...services.map(servicePath),
      ...galleries.map(galleryPath),
      ...journal().map((post) => post.path),
      ...journalCities().map((city) => city.path),
    ];
    expect(journal().length).toBeGreaterThan(0);
    expect(paths).toEqual(expect.arrayContaining(fromContent));
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('gives each route the heading of its content, as its page shows it', () => {
    const route = (path: string) => allRoutes().find((each) => each.path === path)!;
    expect(route('/thank-you/').heading).toBe('Thank You for Your Purchase!');
    expect(route('/portrait-bundle/').heading).toBe('Portrait Pack Bundle');
    expect(route('/services/weddings/').heading).toBe(services[0]!.heading);
    expect(allRoutes().filter((each) => each.heading.trim() === '')).toEqual([]);
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
