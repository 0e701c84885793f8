/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { contentFiles } from './files';
import { content, products } from './index';
import { heldPacks, productList } from './products';

const presets = content.presets.presets;
const [stoic, regal] = presets;
const bundle = {
  name: 'Two Packs',
  slug: 'two-packs',
  priceCents: stoic!.priceCents + regal!.priceCents - 500,
  description: 'Both.',
  image: stoic!.image,
  members: [stoic!.slug, regal!.slug],
  categories: [],
};
const listOf = (bundles: (typeof bundle)[]) =>
  productList({ presets: { presets }, bundles: { bundles } }, contentFiles);

describe('the product list', () => {
  test('every pack, then every bundle, each with the packs it delivers', () => {
    expect(products.map((product) => product.kind)).toEqual([
      ...presets.map(() => 'pack'),
      ...content.bundles.bundles.map(() => 'bundle'),
    ]);
    const [two] = listOf([bundle]).slice(presets.length);
    expect(two).toMatchObject({ kind: 'bundle', slug: 'two-packs', savingCents: 500 });
    expect(heldPacks(two!)).toEqual([stoic, regal]);
    const [first] = listOf([]);
    expect(first).toMatchObject({ kind: 'pack', slug: stoic!.slug, packs: [stoic] });
    expect(heldPacks(first!)).toEqual([]);
  });

  test('a bundle that names no pack, takes a pack’s slug or name, or saves nothing stops the build', () => {
    const broken = [
      { ...bundle, members: [stoic!.slug, 'nope'] },
      { ...bundle, slug: regal!.slug, name: stoic!.name.toUpperCase() },
      { ...bundle, priceCents: stoic!.priceCents + regal!.priceCents },
    ];
    expect(() => listOf(broken)).toThrow(
      [
        'Invalid content in content/bundles.json:',
        `  bundles, entry "Two Packs" (#1), field "members": "nope" is not a pack in content/presets.json`,
        `  bundles, entry "${stoic!.name.toUpperCase()}" (#2), field "slug": is the slug of a pack`,
        `  bundles, entry "${stoic!.name.toUpperCase()}" (#2), field "name": is the name of a pack`,
        `  bundles, entry "Two Packs" (#3), field "price": must be less than its packs cost one by one (${(stoic!.priceCents + regal!.priceCents) / 100})`,
      ].join('\n'),
    );
  });
});
