/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import type { CartLine, Pack } from '@/lib/shared/order';
import {
  holderOf,
  cartReducer,
  cheaperWay,
  lineCount,
  linesHeldBy,
  repairCart,
  sharingWith,
  toStored,
  type StoredCartItem,
} from '@/lib/browser/cart';

const entries: Pack[] = [
  { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, image: '/s.webp' },
  { slug: 'earthy-tone', name: 'Earthy Tone', priceCents: 3499, image: '/e.webp' },
  { slug: 'awaken', name: 'Awaken', priceCents: 3499, image: '/a.webp' },
];
const catalog = new Map(entries.map((entry) => [entry.slug, entry]));
const reduce = cartReducer(catalog);

const stoic: CartLine = { slug: 'stoic-pack', quantity: 1 };
const earthy: CartLine = { slug: 'earthy-tone', quantity: 1 };

/** The same lines as local storage keeps them, in the stored shape (id = name). */
const storedStoic: StoredCartItem = {
  id: 'Stoic Pack',
  name: 'Stoic Pack',
  price: 39.99,
  image: '/s.webp',
  quantity: 1,
};
const storedEarthy: StoredCartItem = {
  id: 'Earthy Tone',
  name: 'Earthy Tone',
  price: 34.99,
  image: '/e.webp',
  quantity: 1,
};

describe('cartReducer', () => {
  test('adds a new item at the end with quantity 1, from the catalog', () => {
    expect(reduce([stoic], { type: 'add', slug: 'earthy-tone' })).toEqual([stoic, earthy]);
  });

  test('adding a pack already present leaves the contents unchanged', () => {
    const items = [stoic, earthy];
    expect(reduce(items, { type: 'add', slug: 'stoic-pack' })).toBe(items);
  });

  test('ignores packs the catalog does not sell', () => {
    expect(reduce([], { type: 'add', slug: 'free-pack' })).toEqual([]);
  });

  test('removes by slug', () => {
    expect(reduce([stoic, earthy], { type: 'remove', slug: 'stoic-pack' })).toEqual([earthy]);
    expect(reduce([stoic], { type: 'remove', slug: 'awaken' })).toEqual([stoic]);
  });

  test('a pack is a licence: adding to its quantity keeps it at one', () => {
    const items = [stoic];
    expect(reduce(items, { type: 'updateQuantity', slug: 'stoic-pack', delta: 1 })).toEqual(items);
    expect(reduce(items, { type: 'updateQuantity', slug: 'stoic-pack', delta: 1000 })).toEqual(
      items,
    );
  });

  test('a quantity of zero or below removes the line', () => {
    expect(
      reduce([stoic, earthy], { type: 'updateQuantity', slug: 'stoic-pack', delta: -1 }),
    ).toEqual([earthy]);
    expect(reduce([stoic], { type: 'updateQuantity', slug: 'stoic-pack', delta: -5 })).toEqual([]);
  });

  test('clears and replaces', () => {
    expect(reduce([stoic], { type: 'clear' })).toEqual([]);
    expect(reduce([stoic], { type: 'replace', lines: [earthy] })).toEqual([earthy]);
  });

  describe('each pack is paid for once', () => {
    const duo: Pack = {
      slug: 'duo-bundle',
      name: 'Duo Bundle',
      priceCents: 5999,
      image: '/d.webp',
      members: [
        { slug: 'stoic-pack', name: 'Stoic Pack' },
        { slug: 'earthy-tone', name: 'Earthy Tone' },
      ],
    };
    const withBundle = new Map([...catalog, [duo.slug, duo]]);
    const reduceAll = cartReducer(withBundle);
    const bundleLine: CartLine = { slug: 'duo-bundle', quantity: 1 };
    const awaken: CartLine = { slug: 'awaken', quantity: 1 };

    test('adding a bundle takes out its packs already in the cart', () => {
      expect(reduceAll([stoic, awaken, earthy], { type: 'add', slug: 'duo-bundle' })).toEqual([
        awaken,
        bundleLine,
      ]);
      expect(holderOf([bundleLine], 'earthy-tone', withBundle)?.slug).toBe('duo-bundle');
      expect(linesHeldBy([stoic, awaken], duo)).toEqual([stoic]);
    });

    test('a bundle that holds every pack of the cart for less is offered, the cheapest', () => {
      const all: Pack = {
        slug: 'all-bundle',
        name: 'All',
        priceCents: 8999,
        image: '/all.webp',
        members: entries.map(({ slug, name }) => ({ slug, name })),
      };
      const shop = new Map([...withBundle, [all.slug, all]]);
      // Duo (59.99) + Awaken (34.99) = 94.98: All holds the same packs for 89.99.
      expect(cheaperWay([bundleLine, { slug: 'awaken', quantity: 1 }], shop)).toEqual({
        item: all,
        savesCents: 9498 - 8999,
      });
      expect(cheaperWay([stoic], shop)).toBeNull();
      expect(cheaperWay([{ slug: 'all-bundle', quantity: 1 }], shop)).toBeNull();
      expect(cheaperWay([], shop)).toBeNull();
    });

    test('adding a pack a bundle in the cart holds adds nothing', () => {
      const items = [bundleLine];
      expect(reduceAll(items, { type: 'add', slug: 'stoic-pack' })).toBe(items);
      expect(reduceAll(items, { type: 'add', slug: 'awaken' })).toEqual([bundleLine, awaken]);
    });

    test('adding a bundle that shares a pack with one in the cart adds nothing, and says which', () => {
      const trio: Pack = {
        slug: 'trio-bundle',
        name: 'Trio Bundle',
        priceCents: 7999,
        image: '/t.webp',
        members: [
          { slug: 'earthy-tone', name: 'Earthy Tone' },
          { slug: 'awaken', name: 'Awaken' },
        ],
      };
      const shop = new Map([...withBundle, [trio.slug, trio]]);
      const items = [bundleLine];
      expect(cartReducer(shop)(items, { type: 'add', slug: 'trio-bundle' })).toBe(items);
      expect(sharingWith(items, 'trio-bundle', shop)).toEqual({
        item: duo,
        packs: [{ slug: 'earthy-tone', name: 'Earthy Tone' }],
      });
      expect(sharingWith([awaken], 'trio-bundle', shop)).toBeNull();
    });
  });
});

describe('the badge', () => {
  test('the badge counts distinct lines', () => {
    expect(lineCount([{ ...stoic, quantity: 3 }, earthy])).toBe(2);
  });
});

describe('repairCart: storage is untrusted', () => {
  const repaired = (value: unknown) =>
    repairCart(typeof value === 'string' ? value : JSON.stringify(value), catalog);

  test('reads back a valid cart', () => {
    expect(repaired([storedStoic, storedEarthy])).toEqual([stoic, earthy]);
  });

  test.each([
    ['nothing stored', null],
    ['invalid JSON', '{"id": "Stoic Pack",'],
    ['an object instead of a list', JSON.stringify({ id: 'Stoic Pack', quantity: 1 })],
    ['a number', '42'],
    ['null', 'null'],
  ])('%s gives an empty cart', (_, stored) => {
    expect(repairCart(stored as string | null, catalog)).toEqual([]);
  });

  test('drops entries that are not objects', () => {
    expect(repaired([null, 7, 'Stoic Pack', [storedStoic], storedStoic])).toEqual([stoic]);
  });

  test('drops unknown ids and ids of the wrong type', () => {
    expect(
      repaired([{ ...storedStoic, id: 'Free Pack' }, { ...storedStoic, id: 3 }, storedEarthy]),
    ).toEqual([earthy]);
  });

  test('takes name, price and image from the catalog, whatever was stored', () => {
    expect(
      toStored(
        repaired([
          { ...storedStoic, price: 0.01, name: 'Hacked', image: 'https://evil.example/x.png' },
        ]),
        catalog,
      ),
    ).toEqual([storedStoic]);
  });

  test('drops zero, negative, missing and non-numeric quantities', () => {
    expect(
      repaired([
        { ...storedStoic, quantity: 0 },
        { ...storedEarthy, quantity: -3 },
        { id: 'Awaken' },
        { ...storedStoic, id: 'Awaken', quantity: 'lots' },
        { ...storedStoic, id: 'Awaken', quantity: Number.NaN },
      ]),
    ).toEqual([]);
  });

  test('repairs any stored quantity of one or more to one: a pack is bought once', () => {
    expect(
      repaired([
        { ...storedStoic, quantity: 2.7 },
        { ...storedEarthy, quantity: 1e12 },
        { id: 'Awaken', quantity: '3' },
      ]).map((item) => item.quantity),
    ).toEqual([1, 1, 1]);
  });

  test('merges duplicate lines, keeping the first', () => {
    expect(repaired([storedStoic, { ...storedStoic, quantity: 5 }])).toEqual([stoic]);
  });

  test('reads no further than the first hundred lines of a huge list', () => {
    const huge = [
      ...Array.from({ length: 100_000 }, () => ({ id: 'Nope', quantity: 1 })),
      storedEarthy,
    ];
    expect(repaired(huge)).toEqual([]);
  });
});

describe('toStored: the stored shape at the storage boundary', () => {
  test('keeps each line as { id: name, name, price, image, quantity }, from the catalog', () => {
    expect(toStored([stoic, earthy], catalog)).toEqual([storedStoic, storedEarthy]);
    expect(repairCart(JSON.stringify(toStored([stoic, earthy], catalog)), catalog)).toEqual([
      stoic,
      earthy,
    ]);
  });
});
