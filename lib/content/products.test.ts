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
  productList({ ...content, bundles: { bundles } }, contentFiles);
const slugs = (list: { slug: string }[]) => list.map((item) => item.slug);

describe('the product list', () => {
  test('every pack first, every bundle among the products, each with the packs it delivers', () => {
    expect(products.slice(0, presets.length).map((product) => product.slug)).toEqual(
      slugs(presets),
    );
    expect(slugs(products.filter((product) => product.kind === 'bundle'))).toEqual(
      slugs(content.bundles.bundles),
    );
    const two = listOf([bundle]).find((product) => product.slug === 'two-packs');
    expect(two).toMatchObject({ kind: 'bundle', slug: 'two-packs', savingCents: 500 });
    expect(slugs(heldPacks(two!))).toEqual([stoic!.slug, regal!.slug]);
    const [first] = listOf([]);
    expect(first).toMatchObject({ kind: 'pack', slug: stoic!.slug });
    expect(slugs(first!.packs)).toEqual([stoic!.slug]);
    expect(heldPacks(first!)).toEqual([]);
  });

  test('a product says what it delivers in its kind’s words, or its own', () => {
    const { words } = content.presets;
    const [pack] = listOf([]);
    expect(pack).toMatchObject({
      eyebrow: words.eyebrow,
      delivers: {
        count: stoic!.presetCount,
        files: words.files.replace('{count}', String(stoic!.presetCount)),
        apps: words.apps,
      },
    });
    const own = productList(
      {
        ...content,
        presets: { words, presets: [{ ...stoic!, words: { apps: 'Camera Raw 16+' } }] },
        bundles: { bundles: [] },
      },
      contentFiles,
    );
    expect(own[0]!.delivers.apps).toBe('Camera Raw 16+');
    const two = listOf([bundle]).find((product) => product.slug === 'two-packs');
    const count = stoic!.presetCount + regal!.presetCount;
    expect(two!.delivers).toEqual({
      count,
      files: words.files.replace('{count}', String(count)),
      apps: words.apps,
    });
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
