/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { cartReducer, lineCount, repairCart, type CartItem, type CatalogEntry } from './cart';

const entries: CatalogEntry[] = [
  { id: 'Stoic Pack', sku: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, image: '/s.webp' },
  {
    id: 'Earthy Tone',
    sku: 'earthy-tone',
    name: 'Earthy Tone',
    priceCents: 3499,
    image: '/e.webp',
  },
  { id: 'Awaken', sku: 'awaken', name: 'Awaken', priceCents: 3499, image: '/a.webp' },
];
const catalog = new Map(entries.map((entry) => [entry.id, entry]));
const reduce = cartReducer(catalog);

const stoic: CartItem = {
  id: 'Stoic Pack',
  name: 'Stoic Pack',
  price: 39.99,
  image: '/s.webp',
  quantity: 1,
};
const earthy: CartItem = {
  id: 'Earthy Tone',
  name: 'Earthy Tone',
  price: 34.99,
  image: '/e.webp',
  quantity: 1,
};

describe('cartReducer', () => {
  test('adds a new item at the end with quantity 1, from the catalog', () => {
    expect(reduce([stoic], { type: 'add', id: 'Earthy Tone' })).toEqual([stoic, earthy]);
  });

  test('adding an id already present leaves the contents unchanged', () => {
    const items = [stoic, earthy];
    expect(reduce(items, { type: 'add', id: 'Stoic Pack' })).toBe(items);
  });

  test('ignores ids the catalog does not sell', () => {
    expect(reduce([], { type: 'add', id: 'Free Pack' })).toEqual([]);
  });

  test('removes by id', () => {
    expect(reduce([stoic, earthy], { type: 'remove', id: 'Stoic Pack' })).toEqual([earthy]);
    expect(reduce([stoic], { type: 'remove', id: 'Awaken' })).toEqual([stoic]);
  });

  test('a pack is a licence: adding to its quantity keeps it at one', () => {
    const items = [stoic];
    expect(reduce(items, { type: 'updateQuantity', id: 'Stoic Pack', delta: 1 })).toEqual(items);
    expect(reduce(items, { type: 'updateQuantity', id: 'Stoic Pack', delta: 1000 })).toEqual(items);
  });

  test('a quantity of zero or below removes the line', () => {
    expect(
      reduce([stoic, earthy], { type: 'updateQuantity', id: 'Stoic Pack', delta: -1 }),
    ).toEqual([earthy]);
    expect(reduce([stoic], { type: 'updateQuantity', id: 'Stoic Pack', delta: -5 })).toEqual([]);
  });

  test('clears and replaces', () => {
    expect(reduce([stoic], { type: 'clear' })).toEqual([]);
    expect(reduce([stoic], { type: 'replace', items: [earthy] })).toEqual([earthy]);
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
    expect(repaired([stoic, earthy])).toEqual([stoic, earthy]);
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
    expect(repaired([null, 7, 'Stoic Pack', [stoic], stoic])).toEqual([stoic]);
  });

  test('drops unknown ids and ids of the wrong type', () => {
    expect(repaired([{ ...stoic, id: 'Free Pack' }, { ...stoic, id: 3 }, earthy])).toEqual([
      earthy,
    ]);
  });

  test('takes name, price and image from the catalog, whatever was stored', () => {
    expect(
      repaired([{ ...stoic, price: 0.01, name: 'Hacked', image: 'https://evil.example/x.png' }]),
    ).toEqual([stoic]);
  });

  test('drops zero, negative, missing and non-numeric quantities', () => {
    expect(
      repaired([
        { ...stoic, quantity: 0 },
        { ...earthy, quantity: -3 },
        { id: 'Awaken' },
        { ...stoic, id: 'Awaken', quantity: 'lots' },
        { ...stoic, id: 'Awaken', quantity: Number.NaN },
      ]),
    ).toEqual([]);
  });

  test('repairs any stored quantity of one or more to one: a pack is bought once', () => {
    expect(
      repaired([
        { ...stoic, quantity: 2.7 },
        { ...earthy, quantity: 1e12 },
        { id: 'Awaken', quantity: '3' },
      ]).map((item) => item.quantity),
    ).toEqual([1, 1, 1]);
  });

  test('merges duplicate lines, keeping the first', () => {
    expect(repaired([stoic, { ...stoic, quantity: 5 }])).toEqual([stoic]);
  });

  test('reads no further than the first hundred lines of a huge list', () => {
    const huge = [...Array.from({ length: 100_000 }, () => ({ id: 'Nope', quantity: 1 })), earthy];
    expect(repaired(huge)).toEqual([]);
  });
});
