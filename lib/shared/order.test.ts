/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import type { CartLine } from '@/lib/shared/order';
import type { Pack } from '@/lib/shared/order';
import { formatAmount } from '@/lib/shared/money';
import { repeatedPacks, savingCents } from '@/lib/browser/cart';
import {
  deliveredPacks,
  discountCents,
  orderLines,
  orderTotalCents,
  packsOf,
  type DiscountRule,
} from '@/lib/shared/order';

const entries: Pack[] = [
  { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, image: '/s.webp' },
  { slug: 'awaken', name: 'Awaken', priceCents: 3499, image: '/a.webp' },
  { slug: 'film-pack', name: 'Film Pack', priceCents: 3499, image: '/f.webp' },
];
const catalog = new Map(entries.map((entry) => [entry.slug, entry]));
const item = (slug: string, extra: Partial<CartLine> = {}): CartLine => ({
  slug,
  quantity: 1,
  ...extra,
});

describe('orderLines', () => {
  test('one line per pack at catalogue prices, keyed by slug, whatever the stored cart says', () => {
    expect(orderLines([item('stoic-pack', { quantity: 4 }), item('awaken')], catalog)).toEqual([
      { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 },
      { slug: 'awaken', name: 'Awaken', priceCents: 3499, quantity: 1 },
    ]);
    expect(orderLines([item('free-pack')], catalog)).toEqual([]);
  });

  test('totals add in cents without float drift', () => {
    const lines = orderLines(
      entries.map((entry) => item(entry.slug)),
      catalog,
    );
    expect(formatAmount(orderTotalCents(lines))).toBe('109.97');
    expect(orderTotalCents([])).toBe(0);
  });
});

describe('discountCents: the money rules of a code', () => {
  const lines = orderLines([item('stoic-pack'), item('awaken'), item('film-pack')], catalog);
  const rule = (change: Partial<DiscountRule>): DiscountRule => ({
    code: 'C',
    kind: 'percent',
    value: 20,
    packs: null,
    minimumCents: null,
    ...change,
  });

  test.each<[string, Partial<DiscountRule>, ReturnType<typeof discountCents>]>([
    ['20 % of 109.97, to the nearest cent', {}, { cents: 2199 }],
    ['15 % of 109.97 rounds 16.4955 up', { value: 15 }, { cents: 1650 }],
    ['1 % of 109.97 rounds 1.0997 down', { value: 1 }, { cents: 110 }],
    ['a percent of the named packs only', { packs: ['awaken', 'film-pack'] }, { cents: 1400 }],
    ['a fixed amount', { kind: 'fixed', value: 1000 }, { cents: 1000 }],
    [
      'a fixed amount, at most the named packs',
      { kind: 'fixed', value: 5000, packs: ['awaken'] },
      { cents: 3499 },
    ],
    ['a minimum the cart reaches', { minimumCents: 10997 }, { cents: 2199 }],
    ['a minimum the cart misses', { minimumCents: 10998 }, { problem: 'minimum' }],
    ['packs not in the cart', { packs: ['regal-tones'] }, { problem: 'not-applicable' }],
    ['99 % leaves something to pay', { value: 99 }, { cents: 10887 }],
    [
      'a fixed amount larger than the cart leaves a cent to pay',
      { kind: 'fixed', value: 20000 },
      { cents: 10996 },
    ],
  ])('%s', (_, change, expected) => {
    expect(discountCents(lines, rule(change))).toEqual(expected);
  });
});

describe('bundles', () => {
  const members = [
    { slug: 'stoic-pack', name: 'Stoic Pack' },
    { slug: 'awaken', name: 'Awaken' },
  ];
  const bundle: Pack = {
    slug: 'duo-bundle',
    name: 'Duo Bundle',
    priceCents: 5999,
    image: '/d.webp',
    members,
  };
  const withBundle = new Map([...catalog, [bundle.slug, bundle]]);

  test('a bundle is one line at its own price, carrying its packs', () => {
    const lines = orderLines([item('duo-bundle'), item('film-pack')], withBundle);
    expect(lines).toEqual([
      { slug: 'duo-bundle', name: 'Duo Bundle', priceCents: 5999, members, quantity: 1 },
      { slug: 'film-pack', name: 'Film Pack', priceCents: 3499, quantity: 1 },
    ]);
    // 59.99 + 34.99, in cents: never the members' 39.99 + 34.99 + 34.99.
    expect(orderTotalCents(lines)).toBe(9498);
  });

  test('every pack delivered once, a bundle’s by its own name', () => {
    const lines = orderLines([item('stoic-pack'), item('duo-bundle')], withBundle);
    expect(packsOf(lines[1]!)).toEqual(members);
    expect(deliveredPacks(lines)).toEqual([
      { slug: 'stoic-pack', name: 'Stoic Pack' },
      { slug: 'awaken', name: 'Awaken' },
    ]);
  });

  test('the cart sees what a bundle saves and which packs it repeats', () => {
    expect(savingCents(bundle, withBundle)).toBe(3999 + 3499 - 5999);
    expect(savingCents(entries[0]!, withBundle)).toBe(0);
    expect(repeatedPacks([item('stoic-pack'), item('duo-bundle')], withBundle)).toEqual([
      { slug: 'stoic-pack', name: 'Stoic Pack' },
    ]);
    expect(repeatedPacks([item('film-pack'), item('duo-bundle')], withBundle)).toEqual([]);
  });

  test('a percent code takes its share of a bundle it names, at the bundle’s price', () => {
    const lines = orderLines([item('duo-bundle'), item('film-pack')], withBundle);
    const rule: DiscountRule = {
      code: 'DUO',
      kind: 'percent',
      value: 10,
      packs: ['duo-bundle'],
      minimumCents: null,
    };
    expect(discountCents(lines, rule)).toEqual({ cents: 600 });
  });
});
