/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import {
  bundleMembers,
  bundles,
  collections,
  filmsOf,
  galleries,
  getService,
  presets,
  services,
  site,
} from '@/lib/content';
import { presetSlug } from '@/lib/slug';

describe('the studio content', () => {
  test('sells the six packs at the spec prices', () => {
    expect(presets.map((p) => [p.name, p.priceCents])).toEqual([
      ['Stoic Pack', 3999],
      ['Regal Tones', 3999],
      ['Earthy Tone', 3499],
      ['Soul Tone', 3499],
      ['Film Pack', 3499],
      ['Awaken', 3499],
    ]);
    expect(site.currency).toBe('USD');
  });

  test("each pack's permanent slug is the spec's address, made from its name by the spec's rule", () => {
    expect(presets.map((p) => p.slug)).toEqual([
      'stoic-pack',
      'regal-tones',
      'earthy-tone',
      'soul-tone',
      'film-pack',
      'awaken',
    ]);
    for (const preset of presets) expect(preset.slug).toBe(presetSlug(preset.name));
  });

  test('files packs and bundles under the product categories', () => {
    const inCategory = (category: string) => [
      ...presets.filter((p) => p.categories.includes(category as never)).map((p) => p.name),
      ...bundles.filter((b) => b.categories.includes(category as never)).map((b) => b.name),
    ];
    expect(inCategory('WEDDINGS')).toEqual([
      'Stoic Pack',
      'Regal Tones',
      'Earthy Tone',
      'Weddings Pack Bundle',
    ]);
    expect(inCategory('FILM')).toEqual(['Film Pack', 'Bundle & Save All Presets']);
    expect(inCategory('TRAVEL')).toEqual(['Soul Tone', 'Awaken', 'Bundle & Save All Presets']);
  });

  test('bundles name existing packs', () => {
    expect(bundles.map((b) => [b.slug, bundleMembers(b).map((p) => p.name)])).toEqual([
      ['weddings-bundle', ['Stoic Pack', 'Regal Tones', 'Earthy Tone']],
      ['portrait-bundle', ['Soul Tone', 'Awaken', 'Earthy Tone']],
      ['bundle-save-all-presets', presets.map((p) => p.name)],
    ]);
  });

  test('has the spec’s service pages, films and tiles', () => {
    expect(services.map((s) => s.slug)).toEqual([
      'weddings',
      'pre-post-weddings',
      'event-coverage',
      'fashion-shoots',
      'ad-films',
      'cinematicFilms',
      'others',
    ]);
    expect(filmsOf('ad')).toHaveLength(7);
    expect(filmsOf('cinematic')).toHaveLength(13);
    const others = getService('others');
    expect(others?.kind === 'others' && others.offerings.map((o) => o.name)).toEqual([
      'Engagements',
      'Family/Couple Portraits',
      'Feature Films',
      'Online Promotions',
      'Corporate Shoots',
      'New Born Shot',
    ]);
  });

  test('keeps the wedding card links of the original site', () => {
    const weddings = getService('weddings');
    expect(weddings?.kind === 'projects' && weddings.projects.map((p) => p.href)).toEqual([
      '/Weddings/wed1',
      '/Weddings/wed2',
      '/weddings/rohan-and-tara',
    ]);
  });

  test('gallery size lists hold 18 entries, one holds 5; the longest gallery holds 18 images', () => {
    const lengths = galleries.map((g) => g.sizes.length);
    expect(lengths.filter((n) => n === 5)).toHaveLength(1);
    expect(lengths.filter((n) => n === 18)).toHaveLength(galleries.length - 1);
    expect(Math.max(...galleries.map((g) => g.images.length))).toBe(18);
  });

  test('only wedding and pre-wedding galleries carry audio', () => {
    expect(Object.entries(collections).map(([name, c]) => [name, c.audio !== null])).toEqual([
      ['weddings', true],
      ['preweddings', true],
      ['fashion', false],
      ['events', false],
    ]);
  });
});
