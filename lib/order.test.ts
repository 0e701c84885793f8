/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import type { CartLine } from './cart';
import type { Pack } from './catalog';
import { formatAmount } from './money';
import {
  discountCents,
  linesFromPayPal,
  type DiscountRule,
  newOrderReference,
  orderLines,
  orderRequest,
  orderTotalCents,
  type PackRef,
  type PurchaseUnit,
} from './order';

const entries: Pack[] = [
  { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, image: '/s.webp' },
  { slug: 'awaken', name: 'Awaken', priceCents: 3499, image: '/a.webp' },
  { slug: 'film-pack', name: 'Film Pack', priceCents: 3499, image: '/f.webp' },
];
const catalog = new Map(entries.map((entry) => [entry.slug, entry]));
const packs = new Map<string, PackRef>(
  entries.map(({ slug, name, priceCents }) => [slug, { slug, name, priceCents }]),
);
const item = (slug: string, extra: Partial<CartLine> = {}): CartLine => ({
  slug,
  quantity: 1,
  ...extra,
});
const reference = { reference: 'SJ-0123456789AB', description: 'Presets' };

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

describe('orderRequest', () => {
  const lines = orderLines([item('stoic-pack'), item('awaken')], catalog);

  test('lists every pack as a digital good with its sku, the item total and our reference; no shipping', () => {
    expect(orderRequest(lines, 'USD', reference)).toEqual({
      intent: 'CAPTURE',
      payment_source: {
        paypal: {
          experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' },
        },
      },
      purchase_units: [
        {
          description: 'Presets',
          invoice_id: 'SJ-0123456789AB',
          custom_id: 'SJ-0123456789AB',
          amount: {
            currency_code: 'USD',
            value: '74.98',
            breakdown: { item_total: { currency_code: 'USD', value: '74.98' } },
          },
          items: [
            {
              name: 'Stoic Pack',
              sku: 'stoic-pack',
              unit_amount: { currency_code: 'USD', value: '39.99' },
              quantity: '1',
              category: 'DIGITAL_GOODS',
            },
            {
              name: 'Awaken',
              sku: 'awaken',
              unit_amount: { currency_code: 'USD', value: '34.99' },
              quantity: '1',
              category: 'DIGITAL_GOODS',
            },
          ],
        },
      ],
    });
  });

  test('a card payment asks for no shipping where PayPal reads it for cards', () => {
    const request = orderRequest(lines, 'USD', { ...reference, fundingSource: 'card' });
    expect(request).toMatchObject({ application_context: { shipping_preference: 'NO_SHIPPING' } });
    expect(request).not.toHaveProperty('payment_source');
  });

  test("keeps within PayPal's 127 characters, whatever the buyer's address", () => {
    const [unit] = orderRequest(lines, 'USD', {
      ...reference,
      description: 'd'.repeat(200),
    }).purchase_units;
    expect(unit!.description).toHaveLength(127);
    expect(unit!.custom_id).toBe('SJ-0123456789AB');
  });

  test('references are ours, of one shape, and differ per order', () => {
    expect(newOrderReference(() => '0123abcd-ef45-6789-0000-000000000000')).toBe('SJ-0123ABCDEF45');
    expect(newOrderReference()).toMatch(/^SJ-[0-9A-F]{12}$/);
    expect(newOrderReference()).not.toBe(newOrderReference());
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

describe('linesFromPayPal: what the service delivers for', () => {
  const unit = orderRequest(
    orderLines([item('stoic-pack'), item('awaken')], catalog),
    'USD',
    reference,
  ).purchase_units[0]!;
  const changed = (change: (copy: PurchaseUnit) => void) => {
    const copy = structuredClone(unit);
    change(copy);
    return linesFromPayPal(copy, packs, 'USD');
  };

  test('the order as the checkout created it', () => {
    expect(linesFromPayPal(unit, packs, 'USD')).toEqual({
      lines: [
        { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 },
        { slug: 'awaken', name: 'Awaken', priceCents: 3499, quantity: 1 },
      ],
      itemTotalCents: 7498,
      discountCents: 0,
      totalCents: 7498,
    });
  });

  test('with a discount: the amount is the item total less it', () => {
    const discounted = orderRequest(
      orderLines([item('stoic-pack'), item('awaken')], catalog),
      'USD',
      reference,
      { code: 'LAUNCH20', cents: 1500 },
    ).purchase_units[0]!;
    expect(discounted.amount).toEqual({
      currency_code: 'USD',
      value: '59.98',
      breakdown: {
        item_total: { currency_code: 'USD', value: '74.98' },
        discount: { currency_code: 'USD', value: '15.00' },
      },
    });
    expect(linesFromPayPal(discounted, packs, 'USD')).toMatchObject({
      itemTotalCents: 7498,
      discountCents: 1500,
      totalCents: 5998,
    });
    const tampered = structuredClone(discounted);
    tampered.amount.value = '50.00';
    expect(linesFromPayPal(tampered, packs, 'USD')).toEqual({
      problem: 'amount 50.00, catalogue total 5998',
    });
  });

  test('takes names and prices from the catalogue by sku, so a renamed pack still matches', () => {
    expect(changed((copy) => (copy.items![0]!.name = 'Stoic (old name)'))).toMatchObject({
      lines: [{ slug: 'stoic-pack', name: 'Stoic Pack' }, { slug: 'awaken' }],
    });
  });

  test.each<[string, (copy: PurchaseUnit) => void, RegExp]>([
    ['no items', (copy) => delete copy.items, /no items/],
    ['an unknown sku', (copy) => (copy.items![0]!.sku = 'free-pack'), /unknown sku/],
    ['a pack twice', (copy) => (copy.items![1] = copy.items![0]!), /twice/],
    ['a quantity of 2', (copy) => (copy.items![0]!.quantity = '2'), /quantity 2/],
    ['a lower unit price', (copy) => (copy.items![0]!.unit_amount.value = '0.99'), /priced 0.99/],
    ['another currency', (copy) => (copy.amount.currency_code = 'CAD'), /amount in CAD/],
    [
      'a wrong item total',
      (copy) => (copy.amount.breakdown!.item_total!.value = '1.00'),
      /item total/,
    ],
    ['a lower amount', (copy) => (copy.amount.value = '70.00'), /amount 70.00/],
  ])('refuses %s', (_, change, problem) => {
    expect(changed(change)).toEqual({ problem: expect.stringMatching(problem) });
  });
});
