// The tax of an order: the place settled from the evidence, and the split of what was paid.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tax as table } from '@/lib/content';
import { orderTax, settledCountry, settledTax, taxFromPayPal, taxStatement } from './tax';
import type { PayPalOrder } from './paypal-orders';

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
  test('two pieces of evidence that agree settle it; where they disagree, PayPal’s', () => {
    assert.equal(settledCountry(evidence('DE', 'DE')), 'DE');
    assert.equal(settledCountry(evidence('DE', null)), 'DE', 'until PayPal says, the buyer’s word');
    assert.equal(settledCountry(evidence('DE', 'FR')), 'FR');
    assert.equal(settledCountry(evidence('DE', 'FR', 'DE')), 'DE', 'the buyer and the CDN agree');
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
      scheme: 'EU VAT, non-Union OSS',
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
    assert.deepEqual([somewhere.region, somewhere.tax, somewhere.rate], [null, 'GST', 5]);
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
