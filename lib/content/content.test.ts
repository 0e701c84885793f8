/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { RATES_STALE_DAYS, ratesAgeDays } from './terms-schema';
import {
  productsOf,
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
  // Rules, not today's list: a pack the studio adds, renames or reprices in the editor passes.
  test('every pack has a positive price in cents and a unique slug the schema accepts', () => {
    for (const preset of presets) {
      expect(Number.isInteger(preset.priceCents) && preset.priceCents > 0).toBe(true);
      expect(preset.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(presets.map((p) => p.slug)).size).toBe(presets.length);
    expect(site.currency).toMatch(/^[A-Z]{3}$/);
  });

  test('the first packs keep their first addresses, made from their names by the slug rule', () => {
    const specPacks = [
      'Stoic Pack',
      'Regal Tones',
      'Earthy Tone',
      'Soul Tone',
      'Film Pack',
      'Awaken',
    ];
    for (const preset of presets.filter((p) => specPacks.includes(p.name))) {
      expect(preset.slug).toBe(presetSlug(preset.name));
    }
  });

  test('bundles name existing packs, each once', () => {
    for (const bundle of productsOf('bundle')) {
      const members = bundle.packs;
      expect(members.every(Boolean)).toBe(true);
      expect(new Set(members.map((p) => p.slug)).size).toBe(members.length);
    }
  });

  test('has the site’s service pages, films and tiles', () => {
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

  test('keeps the wedding card links of the original site, the third to the couple’s film', () => {
    const weddings = getService('weddings');
    expect(weddings?.kind === 'projects' && weddings.projects.map((p) => p.href)).toEqual([
      '/Weddings/wed1',
      '/Weddings/wed2',
      '/services/cinematicFilms/',
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

describe('exchange rates', () => {
  test('their age in days, for the build warning past 60', () => {
    const day = 86_400_000;
    expect(ratesAgeDays('2026-09-01', Date.parse('2026-09-01T18:00:00Z'))).toBe(0);
    expect(ratesAgeDays('2026-09-01', Date.parse('2026-11-01T00:00:00Z'))).toBe(61);
    expect(ratesAgeDays('2026-09-01', Date.parse('2026-09-01T00:00:00Z') + 60 * day)).toBe(60);
    expect(RATES_STALE_DAYS).toBe(60);
  });
});
