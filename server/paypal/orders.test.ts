// PayPal's wire format: the order the service asks for, and what it accepts back before delivering.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OrderLine, PackRef } from '@/lib/shared/order';
import { customIdFor, readCustomId } from './custom-id';
import { membersDescription, newOrderReference, orderRequest, type PurchaseUnit } from './orders';
import { linesFromPayPal, packsAsSold, saleText } from './paid';
import { saleSeal, saleSealMatches } from '../downloads/tokens';

const packs = new Map<string, PackRef>([
  ['stoic-pack', { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999 }],
  ['awaken', { slug: 'awaken', name: 'Awaken', priceCents: 3499 }],
]);
const lines: OrderLine[] = [...packs.values()].map((pack) => ({ ...pack, quantity: 1 }));
const reference = { reference: 'SJ-0123456789AB', description: 'Presets' };

/** An amount in US dollars, as PayPal writes one. */
const usd = (value: string) => ({ currency_code: 'USD', value });

describe('orderRequest', () => {
  test('lists every pack as a digital good with its sku, the item total and our reference; no shipping', () => {
    assert.deepEqual(orderRequest(lines, 'USD', reference), {
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
            ...usd('74.98'),
            breakdown: { item_total: usd('74.98') },
          },
          items: [
            {
              name: 'Stoic Pack',
              sku: 'stoic-pack',
              unit_amount: usd('39.99'),
              quantity: '1',
              category: 'DIGITAL_GOODS',
            },
            {
              name: 'Awaken',
              sku: 'awaken',
              unit_amount: usd('34.99'),
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
    assert.ok('application_context' in request && !('payment_source' in request));
    assert.deepEqual(request.application_context, { shipping_preference: 'NO_SHIPPING' });
  });

  test("keeps within PayPal's 127 characters, whatever the buyer's address", () => {
    const [unit] = orderRequest(lines, 'USD', {
      ...reference,
      description: 'd'.repeat(200),
    }).purchase_units;
    assert.equal(unit!.description!.length, 127);
    assert.equal(unit!.custom_id, 'SJ-0123456789AB');
  });

  test('references are ours, of one shape, and differ per order', () => {
    assert.equal(
      newOrderReference(() => '0123abcd-ef45-6789-0000-000000000000'),
      'SJ-0123ABCDEF45',
    );
    assert.match(newOrderReference(), /^SJ-[0-9A-F]{12}$/);
    assert.notEqual(newOrderReference(), newOrderReference());
  });
});

describe('linesFromPayPal: what the service delivers for', () => {
  const unit = orderRequest(lines, 'USD', reference).purchase_units[0]!;
  const changed = (change: (copy: PurchaseUnit) => void) => {
    const copy = structuredClone(unit);
    change(copy);
    return linesFromPayPal(copy, packs, 'USD');
  };

  /** The two packs' lines, as every reading of this order finds them. */
  const bothLines = [
    { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 },
    { slug: 'awaken', name: 'Awaken', priceCents: 3499, quantity: 1 },
  ];

  test('the order as the checkout created it', () => {
    assert.deepEqual(linesFromPayPal(unit, packs, 'USD'), {
      lines: bothLines,
      itemTotalCents: 7498,
      discountCents: 0,
      totalCents: 7498,
      taxCents: 0,
    });
  });

  test('a taxed order: each item its net and tax, the shown prices and total unchanged', () => {
    // Germany, 19 %, with a code of $15.00 off the gross: each line's tax is of its price less its
    // share of the code (8.00 and 7.00).
    const taxed = orderRequest(lines, 'USD', reference, { code: 'LAUNCH20', cents: 1500 }, 19)
      .purchase_units[0]!;
    assert.deepEqual(taxed.amount, {
      ...usd('59.98'),
      breakdown: { item_total: usd('65.40'), tax_total: usd('9.58'), discount: usd('15.00') },
    });
    assert.deepEqual(
      taxed.items!.map((item) => [item.unit_amount.value, item.tax?.value]),
      [
        ['34.88', '5.11'],
        ['30.52', '4.47'],
      ],
    );
    assert.deepEqual(linesFromPayPal(taxed, packs, 'USD'), {
      lines: bothLines,
      itemTotalCents: 7498,
      discountCents: 1500,
      totalCents: 5998,
      taxCents: 958,
    });
    // A tax moved between the item and its net is a price the page did not show.
    const moved = structuredClone(taxed);
    moved.items![0]!.tax!.value = '6.11';
    assert.deepEqual(linesFromPayPal(moved, packs, 'USD'), {
      problem: 'stoic-pack priced 34.88 + tax 6.11, catalogue 3999',
    });
    const total = structuredClone(taxed);
    total.amount.breakdown!.tax_total!.value = '9.00';
    assert.deepEqual(linesFromPayPal(total, packs, 'USD'), {
      problem: "tax total 9.00, the items' tax 958",
    });
    // What PayPal records restores the prices as shown.
    assert.equal(packsAsSold(taxed, packs).get('stoic-pack')!.priceCents, 3999);
    // The tax is sealed with the sale; an order without tax seals as before.
    assert.match(saleText(taxed), /^tax USD 958$/m);
    assert.doesNotMatch(saleText(unit), /tax/);
  });

  test('yen: the tax is whole yen, as PayPal takes them', () => {
    const yen = orderRequest(
      [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 400_000, quantity: 1 }],
      'JPY',
      reference,
      null,
      10,
    ).purchase_units[0]!;
    assert.deepEqual(
      [yen.items![0]!.unit_amount.value, yen.items![0]!.tax!.value, yen.amount.value],
      ['3636', '364', '4000'],
    );
  });

  test('with a discount: the amount is the item total less it', () => {
    const discounted = orderRequest(lines, 'USD', reference, { code: 'LAUNCH20', cents: 1500 })
      .purchase_units[0]!;
    assert.deepEqual(discounted.amount, {
      ...usd('59.98'),
      breakdown: { item_total: usd('74.98'), discount: usd('15.00') },
    });
    const read = linesFromPayPal(discounted, packs, 'USD');
    assert.ok(!('problem' in read));
    assert.deepEqual(
      [read.itemTotalCents, read.discountCents, read.totalCents],
      [7498, 1500, 5998],
    );
    const tampered = structuredClone(discounted);
    tampered.amount.value = '50.00';
    assert.deepEqual(linesFromPayPal(tampered, packs, 'USD'), {
      problem: 'amount 50.00, catalogue total 5998',
    });
  });

  test('takes names and prices from the catalogue by sku, so a renamed pack still matches', () => {
    const read = changed((copy) => (copy.items![0]!.name = 'Stoic (old name)'));
    assert.ok(!('problem' in read));
    assert.deepEqual(
      read.lines.map((line) => [line.slug, line.name]),
      [
        ['stoic-pack', 'Stoic Pack'],
        ['awaken', 'Awaken'],
      ],
    );
  });

  const refusals: [string, (copy: PurchaseUnit) => void, RegExp][] = [
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
  ];
  for (const [name, change, problem] of refusals) {
    test(`refuses ${name}`, () => {
      const read = changed(change);
      assert.ok('problem' in read);
      assert.match(read.problem, problem);
    });
  }
});

describe('what PayPal records of a sale', () => {
  const bundle: PackRef = {
    slug: 'duo-bundle',
    name: 'Duo Bundle',
    priceCents: 5999,
    members: [
      { slug: 'stoic-pack', name: 'Stoic Pack' },
      { slug: 'awaken', name: 'Awaken' },
    ],
  };
  const unit = () =>
    orderRequest(
      [
        { ...bundle, quantity: 1 },
        { ...lines[0]!, quantity: 1 },
      ],
      'USD',
      reference,
    ).purchase_units[0]!;

  test("a bundle's item names its packs; a sale's seal breaks when any price or pack changes", () => {
    const sold = unit();
    assert.equal(sold.items![0]!.description, 'Packs: stoic-pack, awaken');
    assert.equal(sold.items![1]!.description, undefined);
    const seal = saleSeal('secret', 'SJ-0123456789AB', null, saleText(sold));
    assert.ok(saleSealMatches('secret', seal, 'SJ-0123456789AB', null, saleText(sold)));
    const cheaper = structuredClone(sold);
    cheaper.items![1]!.unit_amount.value = '1.00';
    const more = structuredClone(sold);
    more.items![0]!.description = 'Packs: stoic-pack, awaken, film-pack';
    for (const changed of [cheaper, more]) {
      assert.ok(!saleSealMatches('secret', seal, 'SJ-0123456789AB', null, saleText(changed)));
    }
    assert.ok(!saleSealMatches('secret', seal, 'SJ-0123456789AB', 'FREE', saleText(sold)));
  });

  test('what was sold is read from the items, whatever the catalogue sells today', () => {
    const today = new Map<string, PackRef>([
      ['stoic-pack', { slug: 'stoic-pack', name: 'Stoic Pack II', priceCents: 4099 }],
    ]);
    const sold = packsAsSold(unit(), today);
    assert.deepEqual(sold.get('stoic-pack'), {
      slug: 'stoic-pack',
      name: 'Stoic Pack II',
      priceCents: 3999,
    });
    // Its packs as PayPal's description named them, each named as the catalogue does today (or by
    // its slug, when the catalogue no longer sells it).
    assert.deepEqual(sold.get('duo-bundle'), {
      ...bundle,
      members: [
        { slug: 'stoic-pack', name: 'Stoic Pack II' },
        { slug: 'awaken', name: 'awaken' },
      ],
    });
  });

  test('a members list longer than PayPal takes is left out', () => {
    const many = Array.from({ length: 12 }, (_, n) => ({
      slug: `a-long-pack-name-${n}`,
      name: '',
    }));
    assert.equal(membersDescription({ members: many }), undefined);
  });

  test('custom_id: the sealed form, and the forms of orders created before it', () => {
    const seal = 'z8Fka96diBbl8aYw8gvp8g';
    const sale = 'zNzWWyMLn66BUlM-gBCV6Q';
    const ref = 'SJ-0123456789AB';
    assert.deepEqual(readCustomId(customIdFor(ref, seal, sale, 'SAVE-20')), {
      kind: 'reference',
      ref,
      seal,
      sale,
      code: 'SAVE-20',
    });
    assert.ok(customIdFor(ref, seal, sale, 'A'.repeat(32)).length <= 127);
    assert.deepEqual(readCustomId(`${ref}.${seal}.SAVE-20`), {
      kind: 'reference',
      ref,
      seal,
      sale: null,
      code: 'SAVE-20',
    });
    assert.deepEqual(readCustomId(ref), {
      kind: 'reference',
      ref,
      seal: null,
      sale: null,
      code: null,
    });
  });
});
