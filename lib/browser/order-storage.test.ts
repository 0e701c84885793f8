/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import {
  pendingSummary,
  readPending,
  type PendingCapture,
  type PendingConfirmation,
} from './order-storage';

const storage = (value: unknown) =>
  ({
    getItem: () => (typeof value === 'string' ? value : JSON.stringify(value)),
  }) as unknown as Storage;

const capture: PendingCapture = {
  via: 'capture',
  orderId: 'ORDER-9',
  email: 'priya@example.com',
  items: ['Stoic Pack', 'Awaken'],
  totalCents: 7498,
};

describe('the pending order a reload or a return finishes', () => {
  test('reads back an order the service captures', () => {
    expect(readPending(storage(capture))).toEqual(capture);
    expect(pendingSummary(capture)).toEqual({
      orderId: 'ORDER-9',
      email: 'priya@example.com',
      items: ['Stoic Pack', 'Awaken'],
      totalCents: 7498,
    });
  });

  test('reads an order the site stored before 28 November 2026 as the same order', () => {
    const before = {
      customerDetails: { name: 'Priya', email: 'priya@example.com', phone: '555', address: 'Lane' },
      purchasedItems: ['Stoic Pack', 'Awaken'],
      totalAmount: '74.98',
      orderId: 'ORDER-9',
      via: 'capture',
    };
    expect(readPending(storage(before))).toEqual(capture);
  });

  test('keeps an order a checkout created in the browser for the older call, as stored', () => {
    const older: PendingConfirmation = {
      customerDetails: { name: 'Priya', email: 'priya@example.com', phone: '555', address: 'Lane' },
      purchasedItems: ['Stoic Pack'],
      totalAmount: '39.99',
      orderId: 'ORDER-8',
    };
    expect(readPending(storage(older))).toEqual(older);
    expect(pendingSummary(older)).toMatchObject({ email: 'priya@example.com', totalCents: 3999 });
  });

  test('ignores nothing, broken JSON and the wrong shape', () => {
    expect(readPending(storage(null))).toBeNull();
    expect(readPending(storage('{oops'))).toBeNull();
    expect(readPending(storage({ orderId: 5 }))).toBeNull();
    expect(readPending(storage({ orderId: 'X', purchasedItems: [] }))).toBeNull();
    expect(readPending(storage({ ...capture, totalCents: '74.98' }))).toBeNull();
    expect(readPending(storage({ ...capture, via: 'other' }))).toBeNull();
  });
});
