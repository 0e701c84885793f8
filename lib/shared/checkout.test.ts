/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { checkoutStep, priceChanges, validateDetails } from '@/lib/shared/checkout';
import type { OrderLine } from '@/lib/shared/order';

const lines: OrderLine[] = [
  { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 },
  { slug: 'awaken', name: 'Awaken', priceCents: 3499, quantity: 1 },
];
const details = { name: 'Priya', email: 'priya@example.com', phone: '555', address: '1 Lane' };

describe('validateDetails', () => {
  test('accepts complete details, trimmed', () => {
    expect(validateDetails({ ...details, name: '  Priya ' })).toEqual({ details });
  });

  test('names every missing or wrong field once', () => {
    expect(validateDetails({ name: '', email: 'nope', phone: ' ', address: '' })).toEqual({
      errors: {
        name: 'Please enter your name.',
        email: 'Please enter a valid email address.',
        phone: 'Please enter your phone number.',
        address: 'Please enter your address.',
      },
    });
  });
});

describe('checkoutStep', () => {
  const base = { pending: false, cartSize: 2, hasDetails: false, editing: true };

  test('starts with the details, then payment once they are valid', () => {
    expect(checkoutStep(base)).toBe('details');
    expect(checkoutStep({ ...base, hasDetails: true, editing: false })).toBe('payment');
  });

  test('goes back to the details to edit them', () => {
    expect(checkoutStep({ ...base, hasDetails: true, editing: true })).toBe('details');
  });

  test('an empty cart has nothing to pay for', () => {
    expect(checkoutStep({ ...base, cartSize: 0 })).toBe('empty');
  });

  test('a captured order awaiting confirmation wins over everything, even an emptied cart', () => {
    expect(checkoutStep({ pending: true, cartSize: 0, hasDetails: false, editing: true })).toBe(
      'pending-confirmation',
    );
    expect(checkoutStep({ pending: true, cartSize: 2, hasDetails: true, editing: false })).toBe(
      'pending-confirmation',
    );
  });
});

describe('the e-mail address', () => {
  test.each([
    ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
    ['an address of 255 characters', `a@${'b'.repeat(249)}.com`],
  ])('%s is refused', (_, email) => {
    expect(validateDetails({ ...details, email })).toEqual({
      errors: { email: 'Please enter a valid email address.' },
    });
  });

  test('the longest allowed address is accepted', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email).toHaveLength(254);
    expect(validateDetails({ ...details, email })).toEqual({ details: { ...details, email } });
  });
});

describe('priceChanges', () => {
  const messages = {
    pricesChanged: 'Prices changed.',
    priceChanged: 'The {name} is now {price}.',
    packWithdrawn: 'The {name} is no longer sold.',
  };

  test('names each pack whose price changed and each pack no longer sold, not the others', () => {
    const sold = [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 4450 }];
    expect(priceChanges(lines, sold, 'USD', messages)).toBe(
      'Prices changed. The Stoic Pack is now $44.50 USD. The Awaken is no longer sold.',
    );
  });

  test('a renamed pack is named as it is sold now', () => {
    const sold = [
      { slug: 'stoic-pack', name: 'Stoic', priceCents: 3999 },
      { slug: 'awaken', name: 'Awaken', priceCents: 2999 },
    ];
    expect(priceChanges(lines, sold, 'USD', messages)).toBe(
      'Prices changed. The Awaken is now $29.99 USD.',
    );
  });
});
