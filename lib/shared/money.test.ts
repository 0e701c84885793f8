/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import {
  currencySymbol,
  formatAmount,
  formatMoney,
  formatPrice,
  parseAmount,
  PAYPAL_CURRENCIES,
  toCents,
} from '@/lib/shared/money';

describe('money', () => {
  test('converts decimal prices to whole cents without float drift', () => {
    expect(toCents(39.99)).toBe(3999);
    expect(toCents(34.99)).toBe(3499);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(350)).toBe(35000);
  });

  test('rejects amounts with more than two decimals', () => {
    expect(toCents(39.999)).toBeNull();
  });

  test('formats cents with two decimals', () => {
    expect(formatAmount(3999)).toBe('39.99');
    expect(formatAmount(7498)).toBe('74.98');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(0)).toBe('0.00');
  });

  test('reads amounts as payment providers write them', () => {
    expect(parseAmount('39.99')).toBe(3999);
    expect(parseAmount('40')).toBe(4000);
    expect(parseAmount('40.5')).toBe(4050);
    expect(parseAmount('0.05')).toBe(5);
    for (const bad of ['', '-1.00', '1.999', '1e3', ' 1.00', '1,00', 'NaN']) {
      expect(parseAmount(bad)).toBeNull();
    }
  });

  test('shows a price with its currency', () => {
    expect(formatPrice(3999, 'USD')).toBe('$39.99 USD');
    expect(formatPrice(150000, 'USD')).toBe('$1500.00 USD');
    expect(formatPrice(5000, 'JPY')).toBe('¥50 JPY');
    expect(formatPrice(3999, 'CHF')).toBe('CHF39.99 CHF');
  });

  test('writes a wedding’s amounts grouped, with the currency once', () => {
    expect(formatMoney(976500, 'CAD')).toBe('CA$9,765.00');
    expect(formatMoney(200000, 'USD')).toBe('$2,000.00');
    expect(formatMoney(500000, 'JPY')).toBe('¥5,000');
    expect(formatMoney(10000000, 'CAD', 'en-IN')).toBe('CA$1,00,000.00');
    expect(formatMoney(-132500, 'GBP')).toBe('-£1,325.00');
  });

  test("writes each PayPal currency's symbol as Intl's en-US currency format does", () => {
    for (const currency of PAYPAL_CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value;
      expect([currency, currencySymbol(currency)]).toEqual([currency, intl]);
    }
  });
});
