/** @jest-environment jsdom */
import { describe, expect, test } from '@jest/globals';
import { tax } from '@/lib/content';
import { priceTax, PRICE_TAX_PROPERTY } from '@/lib/inline/price-tax';
import { priceTaxes } from './price-tax';

describe('"Includes VAT" beside a price', () => {
  const taxes = priceTaxes(tax);
  const shown = (language: string) => {
    document.documentElement.style.removeProperty(PRICE_TAX_PROPERTY);
    Object.defineProperty(navigator, 'language', { value: language, configurable: true });
    priceTax({ words: tax.words.withPrice, taxes });
    return document.documentElement.style.getPropertyValue(PRICE_TAX_PROPERTY);
  };

  test('each registered scheme’s places, by the name of the tax their prices include', () => {
    expect(taxes.VAT).toEqual(expect.arrayContaining(['DE', 'FR', 'GB']));
    expect(taxes.IGST).toEqual(['IN']);
    // Canada's provinces differ: the names of them all.
    expect(Object.entries(taxes).find(([, countries]) => countries.includes('CA'))?.[0]).toMatch(
      /GST.*HST|HST.*GST/,
    );
  });

  test('said for a visitor whose language names a taxed place, in the content’s words', () => {
    expect(shown('de-DE')).toBe('"Includes VAT"');
    expect(shown('en-GB')).toBe('"Includes VAT"');
    expect(shown('en-IN')).toBe('"Includes IGST"');
    // Untaxed, or no region named: nothing (the checkout asks where the buyer is).
    expect(shown('en-US')).toBe('');
    expect(shown('de')).toBe('');
    expect(shown('not a language')).toBe('');
  });
});
