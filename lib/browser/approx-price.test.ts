/** @jest-environment node */
import { expect, test } from '@jest/globals';
import { approximatePrice, regionOf, roughly } from './approx-price';

const rates = [
  { currency: 'INR', perUnit: 84.5, regions: ['IN'] },
  { currency: 'CAD', perUnit: 1.4, regions: ['CA'] },
  { currency: 'EUR', perUnit: 0.95, regions: ['DE', 'FR'] },
  { currency: 'USD', perUnit: 1, regions: ['US'] },
];

test('a region from the browser language, with likely subtags', () => {
  expect(regionOf('en-IN')).toBe('IN');
  expect(regionOf('hi')).toBe('IN');
  expect(regionOf('fr-CA')).toBe('CA');
  expect(regionOf('en-Latn-US')).toBe('US');
  expect(regionOf('es-419')).toBe('419');
  expect(regionOf('not a locale!')).toBeNull();
  expect(regionOf(undefined)).toBeNull();
});

test('rounded to three significant figures, whole units below 100', () => {
  expect(roughly(3379.155)).toBe(3380);
  expect(roughly(55.986)).toBe(56);
  expect(roughly(142.8)).toBe(143);
  expect(roughly(0.3)).toBe(1);
  expect(roughly(14_364.2)).toBe(14_400);
});

test('the price in the visitor’s money, or nothing', () => {
  expect(approximatePrice(3999, 'USD', 'en-IN', rates)).toBe('₹3,380');
  expect(approximatePrice(16_999, 'USD', 'en-IN', rates)).toBe('₹14,400');
  expect(approximatePrice(3999, 'USD', 'en-CA', rates)).toBe('CA$56');
  expect(approximatePrice(3999, 'USD', 'de-DE', rates)).toBe('€38');
  // The shop's own currency, a region without a rate, no region at all: nothing.
  expect(approximatePrice(3999, 'USD', 'en-US', rates)).toBeNull();
  expect(approximatePrice(3999, 'USD', 'ja-JP', rates)).toBeNull();
  expect(approximatePrice(3999, 'USD', undefined, rates)).toBeNull();
});
