/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { tax } from '@/lib/content';
import { discountShares, formatRate, includedTax, regionsOf, splitTax, taxRule } from './tax';

describe('taxRule', () => {
  test('a country no scheme covers is untaxed; a covered one is taxed at its rate', () => {
    expect(taxRule(tax, { country: 'US' })).toEqual({ kind: 'untaxed' });
    expect(taxRule(null, { country: 'DE' })).toEqual({ kind: 'untaxed' });
    expect(taxRule(tax, { country: 'DE' })).toMatchObject({
      kind: 'taxed',
      tax: 'VAT',
      rate: 19,
      place: { name: 'Germany' },
      scheme: { id: 'eu-oss' },
    });
    expect(taxRule(tax, { country: 'IN' })).toMatchObject({ tax: 'IGST', rate: 18 });
  });

  test("Canada's rate is the province's: HST in Ontario, GST in British Columbia, asked for when missing", () => {
    expect(taxRule(tax, { country: 'CA', region: 'ON' })).toMatchObject({ tax: 'HST', rate: 13 });
    expect(taxRule(tax, { country: 'CA', region: 'BC' })).toMatchObject({ tax: 'GST', rate: 5 });
    const asked = taxRule(tax, { country: 'CA' });
    expect(asked.kind).toBe('region-needed');
    expect(regionsOf(tax, 'CA')).toHaveLength(13);
    expect(regionsOf(tax, 'DE')).toEqual([]);
  });

  test('a scheme the studio has not registered for closes its places', () => {
    const unregistered = {
      ...tax,
      schemes: tax.schemes.map((s) => (s.id === 'uk-vat' ? { ...s, registered: false } : s)),
    };
    expect(taxRule(unregistered, { country: 'GB' })).toMatchObject({
      kind: 'closed',
      scheme: { id: 'uk-vat' },
    });
  });
});

describe('included tax', () => {
  test('$39.99 in Germany includes $6.38 of VAT; in Ontario $4.60 of HST; in India $6.10 of IGST', () => {
    expect(includedTax(3999, 19)).toBe(638);
    expect(includedTax(3999, 13)).toBe(460);
    expect(includedTax(3999, 18)).toBe(610);
    expect(includedTax(3999, 0)).toBe(0);
    // Yen have no decimals: the tax is whole yen (100 of our cents).
    expect(includedTax(400_000, 10, 100)).toBe(36_400);
    expect(formatRate(19)).toBe('19 %');
    expect(formatRate(25.5)).toBe('25.5 %');
  });

  test('a discount comes off the gross, shared by price, and every line adds up to what is paid', () => {
    expect(discountShares([3999, 2999, 1000], 800)).toEqual([400, 300, 100]);
    expect(discountShares([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    expect(discountShares([3999], 0)).toEqual([0]);
    const gross = [3999, 2999, 4999];
    const { taxCents, netCents, totalTaxCents } = splitTax(gross, 1200, 19);
    const paid = 3999 + 2999 + 4999 - 1200;
    // What PayPal adds up: the nets and the taxes, less the discount, are the amount paid.
    expect(netCents.reduce((a, b) => a + b) + totalTaxCents - 1200).toBe(paid);
    expect(totalTaxCents).toBe(taxCents.reduce((a, b) => a + b));
    // Line by line, the tax is within a cent per line of the tax of the whole amount.
    expect(Math.abs(totalTaxCents - includedTax(paid, 19))).toBeLessThanOrEqual(gross.length);
    expect(splitTax([3999], 0, 0)).toEqual({ taxCents: [0], netCents: [3999], totalTaxCents: 0 });
  });
});
