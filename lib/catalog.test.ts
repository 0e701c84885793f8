/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { productsOf, terms } from '@/lib/content';
import { licenceLines, readCatalog } from '@/lib/node/shop-catalog';
import { publishedCatalog, saleTerms } from './catalog';

describe('the published catalogue', () => {
  const catalog = publishedCatalog();

  test('lists each bundle with its packs at its own price, below their sum', () => {
    expect(catalog.bundles).toHaveLength(productsOf('bundle').length);
    for (const bundle of catalog.bundles) {
      const content = productsOf('bundle').find((each) => each.slug === bundle.slug)!;
      expect(bundle.members).toEqual(content.packs.map((pack) => pack.slug));
      expect(bundle.priceCents).toBe(content.priceCents);
      const separately = content.packs.reduce((sum, p) => sum + p.priceCents, 0);
      expect(bundle.priceCents).toBeLessThan(separately);
      // The default content saves 15 to 25 %.
      expect(1 - bundle.priceCents / separately).toBeGreaterThanOrEqual(0.15);
      expect(1 - bundle.priceCents / separately).toBeLessThanOrEqual(0.25);
    }
  });

  test('states the terms every buy button states, and the licence from the same record', () => {
    expect(catalog.terms).toEqual(saleTerms());
    expect(catalog.terms!.refundDays).toBe(terms.refundDays);
    expect(catalog.terms!.refund).toContain(`${terms.refundDays} days`);
    expect(catalog.copy.license).toEqual(licenceLines(catalog.terms!));
    expect(catalog.copy.license[0]).toContain(terms.licence.may[0]);
  });

  test('reads back as the service reads it; a bundle at or above its packs is refused', () => {
    expect(readCatalog(JSON.parse(JSON.stringify(catalog)))).toEqual({ catalog });
    const dear = {
      ...catalog,
      bundles: [{ ...catalog.bundles[0]!, priceCents: 99_999 }],
    };
    expect(readCatalog(dear)).toEqual({
      problem: expect.stringMatching(/^bundles\.0\.priceCents: must be less than/),
    });
    const stray = { ...catalog, bundles: [{ ...catalog.bundles[0]!, members: ['x', 'y'] }] };
    expect(readCatalog(stray)).toEqual({ problem: 'bundles.0.members: names no pack: x, y' });
    // A catalogue from before bundles and terms still reads (a page or service a deploy behind).
    const older: Partial<typeof catalog> = { ...catalog };
    delete older.bundles;
    delete older.terms;
    expect('catalog' in readCatalog(older)).toBe(true);
  });
});
