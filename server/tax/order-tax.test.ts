// The tax of an order: the place settled from the evidence, and the split of what was paid.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tax as table } from '@/lib/content';
import { orderTax, settledCountry, settledTax, taxFromPayPal, taxStatement } from './order-tax';
import { orderRequest, type PayPalOrder } from '../paypal/orders';

const evidence = (given: string | null, paypal: string | null, cdn: string | null = null) => ({
  given,
  givenRegion: given === 'CA' ? 'ON' : null,
  paypal,
  paypalRegion: null,
  cdn,
});
const paid = (country?: string, region?: string): PayPalOrder => ({
  id: 'ORDER-1',
  status: 'APPROVED',
  ...(country && { payer: { address: { country_code: country, admin_area_1: region } } }),
});

describe('where the buyer is', () => {
  test('PayPal’s payer country settles it; before PayPal, the buyer’s word, else the CDN’s', () => {
    assert.equal(settledCountry(evidence('DE', 'DE')), 'DE');
    assert.equal(settledCountry(evidence('DE', null)), 'DE', 'until PayPal says, the buyer’s word');
    assert.equal(settledCountry(evidence('DE', 'FR')), 'FR');
    assert.equal(
      settledCountry(evidence('US', 'DE', 'US')),
      'DE',
      'a header never outranks PayPal',
    );
    assert.equal(settledCountry(evidence(null, null, 'GB')), 'GB');
    assert.equal(settledCountry(evidence(null, null)), null);
  });
});

describe('orderTax', () => {
  test('$39.99 in Germany includes $6.38 of VAT under the OSS, with its number', () => {
    const tax = orderTax(table, evidence('DE', null), [3999], 0, 'USD');
    assert.deepEqual(
      [tax.country, tax.scheme, tax.tax, tax.place, tax.rate, tax.taxCents, tax.netCents],
      ['DE', 'eu-oss', 'VAT', 'Germany', 19, 638, 3361],
    );
    assert.deepEqual(taxStatement(tax), {
      tax: 'VAT',
      rate: 19,
      place: 'Germany',
      scheme: "The studio's EU VAT number",
      number: 'EU124000001',
      cents: 638,
    });
  });

  test('Ontario: HST 13 %; the US: nothing included, and no statement', () => {
    const ontario = orderTax(table, evidence('CA', null), [3999], 0, 'USD');
    assert.deepEqual([ontario.tax, ontario.rate, ontario.taxCents], ['HST', 13, 460]);
    const us = orderTax(table, evidence('US', null), [3999], 0, 'USD');
    assert.deepEqual([us.scheme, us.taxCents, us.netCents], [null, 0, 3999]);
    assert.equal(taxStatement(us), null);
  });

  test('a code comes off the gross: the tax is of what was paid', () => {
    const tax = orderTax(table, evidence('GB', null), [3999, 3499], 1500, 'USD');
    assert.equal(tax.taxCents + tax.netCents, 5998);
    assert.equal(tax.rate, 20);
  });
});

describe('settled again from PayPal', () => {
  const given = orderTax(table, evidence('DE', null), [3999], 0, 'USD');

  test('PayPal’s country the same: the split stands, the evidence is added', () => {
    const settled = settledTax(table, given, paid('DE'), [{ priceCents: 3999 }], 0, 'USD');
    assert.equal(settled.taxCents, 638);
    assert.equal(settled.evidence.paypal, 'DE');
  });

  test('PayPal’s country differs: its rate splits the same amount', () => {
    const settled = settledTax(table, given, paid('FR'), [{ priceCents: 3999 }], 0, 'USD');
    assert.deepEqual(
      [settled.country, settled.rate, settled.taxCents + settled.netCents],
      ['FR', 20, 3999],
    );
  });

  test('a Canadian payer whose province nobody gave: PayPal’s, else the federal rate', () => {
    const inBC = taxFromPayPal(table, paid('CA', 'bc'), [{ priceCents: 3999 }], 0, 'USD');
    assert.deepEqual([inBC.region, inBC.tax, inBC.rate], ['BC', 'GST', 5]);
    const somewhere = taxFromPayPal(table, paid('CA'), [{ priceCents: 3999 }], 0, 'USD');
    assert.deepEqual(
      [somewhere.region, somewhere.tax, somewhere.rate, somewhere.place, somewhere.regionUnknown],
      [null, 'GST', 5, 'Canada', true],
    );
  });

  test('Canada is settled by province as the country is: PayPal’s, by code or name; unknown is the studio’s', () => {
    const alberta = { ...evidence('CA', null), givenRegion: 'AB' };
    const sold = orderTax(table, alberta, [3999], 0, 'USD');
    assert.deepEqual([sold.region, sold.rate], ['AB', 5]);
    // Claimed Alberta, PayPal says Ontario: Ontario's 13 %.
    for (const named of ['ON', 'Ontario', 'ontario']) {
      const settled = settledTax(table, sold, paid('CA', named), [{ priceCents: 3999 }], 0, 'USD');
      assert.deepEqual(
        [settled.region, settled.place, settled.rate, settled.taxCents],
        ['ON', 'Ontario', 13, 460],
        named,
      );
    }
    // Québec with its accent, as PayPal may write it.
    const quebec = taxFromPayPal(table, paid('CA', 'Québec'), [{ priceCents: 3999 }], 0, 'USD');
    assert.equal(quebec.region, 'QC');
    // A province nobody can read: never Alberta, never another province.
    const unknown = settledTax(
      table,
      sold,
      paid('CA', 'Atlantis'),
      [{ priceCents: 3999 }],
      0,
      'USD',
    );
    assert.deepEqual(
      [unknown.region, unknown.place, unknown.regionUnknown],
      [null, 'Canada', true],
    );
    assert.notEqual(unknown.place, 'Alberta');
    // The same province from PayPal: the split sold stands.
    const same = settledTax(table, sold, paid('CA', 'Alberta'), [{ priceCents: 3999 }], 0, 'USD');
    assert.deepEqual([same.region, same.taxCents], ['AB', sold.taxCents]);
  });

  test('a place whose scheme the studio has not registered for is marked for the studio', () => {
    const closed = {
      ...table,
      schemes: table.schemes.map((s) => (s.id === 'uk-vat' ? { ...s, registered: false } : s)),
    };
    const settled = settledTax(closed, given, paid('GB'), [{ priceCents: 3999 }], 0, 'USD');
    assert.deepEqual(
      [settled.country, settled.scheme, settled.closed, settled.taxCents],
      ['GB', 'uk-vat', true, 0],
    );
  });
});

describe('a business’s VAT number', () => {
  const confirmed = {
    number: 'DE136695976',
    check: 'valid' as const,
    checkedAt: '2026-11-28T10:00:00.000Z',
    consultation: null,
  };

  test('confirmed by VIES: no tax, the whole price net, reverse charged, wherever PayPal says the payer is', () => {
    const tax = orderTax(table, evidence('DE', null), [3999], 0, 'USD', confirmed);
    assert.deepEqual(
      [tax.country, tax.scheme, tax.rate, tax.taxCents, tax.netCents, tax.reverseCharged],
      ['DE', 'eu-oss', 19, 0, 3999, true],
    );
    assert.deepEqual(taxStatement(tax)?.business, { number: 'DE136695976', check: 'valid' });
    const settled = settledTax(table, tax, paid('FR'), [{ priceCents: 3999 }], 0, 'USD');
    assert.deepEqual([settled.country, settled.taxCents, settled.evidence.paypal], ['DE', 0, 'FR']);
  });

  test('not confirmed: VAT included as for a consumer, the number and the answer recorded', () => {
    const tax = orderTax(table, evidence('DE', null), [3999], 0, 'USD', {
      ...confirmed,
      check: 'unavailable',
    });
    assert.deepEqual(
      [tax.taxCents, tax.reverseCharged, tax.business?.check],
      [638, undefined, 'unavailable'],
    );
  });

  test('restored from PayPal: an order sold reverse-charged is read back so, from its description', () => {
    const request = orderRequest(
      [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 }],
      'USD',
      { reference: 'SJ-1', description: 'x'.repeat(200), reverseCharged: 'EL094259216' },
    );
    const unit = request.purchase_units[0]!;
    assert.equal(unit.description!.length, 127, 'within PayPal’s limit');
    const restored = taxFromPayPal(
      table,
      { ...paid('US'), purchase_units: [unit] },
      [{ priceCents: 3999 }],
      0,
      'USD',
    );
    assert.deepEqual(
      [restored.country, restored.place, restored.taxCents, restored.business?.number],
      ['GR', 'Greece', 0, 'EL094259216'],
    );
    // A description naming a number beside tax at PayPal is not a reverse charge.
    const taxed = orderRequest(
      [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 }],
      'USD',
      { reference: 'SJ-2', description: 'Presets · VAT reverse charged: DE136695976' },
      null,
      19,
    );
    const read = taxFromPayPal(
      table,
      { ...paid('DE'), purchase_units: taxed.purchase_units },
      [{ priceCents: 3999 }],
      0,
      'USD',
    );
    assert.deepEqual([read.taxCents, read.reverseCharged], [638, undefined]);
  });
});
