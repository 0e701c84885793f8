// A business buyer's VAT number as typed, and how the receipt states what VIES said of it.
import { describe, expect, test } from '@jest/globals';
import { tax } from '@/lib/content';
import { pricedNet, statementLines, takesVatNumber, type TaxStatement } from './tax';
import { formatVatNumber, readVatNumber, vatNumberCountry } from './vat-number';

describe('readVatNumber', () => {
  test('spaces, dots and dashes dropped, the prefix added where it was left out', () => {
    for (const typed of ['DE136695976', 'de 136 695 976', '136.695.976', 'DE-136695976']) {
      expect(readVatNumber('DE', typed)).toEqual({ prefix: 'DE', digits: '136695976' });
    }
  });

  test('Greece writes EL; the number is registered in GR', () => {
    const read = readVatNumber('GR', '094259216')!;
    expect(formatVatNumber(read)).toBe('EL094259216');
    expect(vatNumberCountry(formatVatNumber(read))).toBe('GR');
  });

  test('a wrong check digit, another country’s number, or a country outside the EU: none', () => {
    expect(readVatNumber('DE', 'DE136695977')).toBeNull();
    expect(readVatNumber('DE', 'FR40303265045')).toBeNull();
    expect(readVatNumber('GB', 'GB980780684')).toBeNull();
    expect(readVatNumber('DE', '')).toBeNull();
  });

  test('the checkout asks for one in the EU only', () => {
    expect(takesVatNumber(tax, { country: 'FR' })).toBe(true);
    expect(takesVatNumber(tax, { country: 'GB' })).toBe(false);
    expect(takesVatNumber(tax, { country: 'CA', region: 'ON' })).toBe(false);
  });
});

describe('the receipt’s lines', () => {
  const statement: TaxStatement = {
    tax: 'VAT',
    rate: 19,
    place: 'Germany',
    scheme: "The studio's EU VAT number",
    number: 'EU124000001',
    cents: 638,
  };

  test('reverse charged at the net price: the prices said net of the VAT, and the reverse charge', () => {
    const lines = statementLines(
      tax.words,
      {
        ...statement,
        cents: 0,
        business: { number: 'DE136695976', check: 'valid' },
        pricedNet: true,
      },
      'USD',
    );
    expect(lines).toEqual([
      'Prices net of VAT (Germany, 19 %).',
      'VAT reverse charged: DE136695976. You account for the VAT in your country.',
    ]);
    // 39.99 less the 6.38 of VAT it includes; each line on its own.
    expect(pricedNet([{ priceCents: 3999 }, { priceCents: 11999 }], 19, 'USD')).toEqual([
      { priceCents: 3361 },
      { priceCents: 10083 },
    ]);
  });

  test('reverse charged at the consumer’s price (orders from before): that line alone', () => {
    const lines = statementLines(
      tax.words,
      { ...statement, cents: 0, business: { number: 'DE136695976', check: 'valid' } },
      'USD',
    );
    expect(lines).toEqual([
      'VAT reverse charged: DE136695976. You account for the VAT in your country.',
    ]);
  });

  test('not confirmed: the VAT included, the scheme’s number, and why', () => {
    const lines = statementLines(
      tax.words,
      { ...statement, business: { number: 'DE129273398', check: 'invalid' } },
      'USD',
    );
    expect(lines).toEqual([
      'VAT 19 % (Germany) included: $6.38 USD',
      "The studio's EU VAT number: EU124000001",
      "The EU's VIES service does not know the VAT number DE129273398, so the price includes VAT as for a consumer.",
    ]);
  });
});
