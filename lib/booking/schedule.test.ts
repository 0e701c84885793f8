import { describe, expect, test } from '@jest/globals';
import { addDays, cancellationRefund, schedule, totals, type BookingEvent } from './schedule';

const event = (id: string, date: string, priceCents: number): BookingEvent => ({
  id,
  kind: 'other',
  name: id,
  date,
  venue: '',
  city: 'Surrey',
  coverage: 'Photographs',
  delivers: '',
  priceCents,
});

const wedding = [
  event('e1', '2027-09-10', 120_000),
  event('e2', '2027-09-12', 240_000),
  event('e3', '2027-09-12', 240_001),
];
const terms = { retainerCents: 100_000, ratePercent: 5, balanceDaysBefore: 30 };

describe('a wedding’s schedule', () => {
  test('adds up to the total, tax and all, to the cent', () => {
    const instalments = schedule(wedding, terms);
    const { totalCents, taxCents } = totals(wedding, 5);
    expect(instalments.reduce((sum, i) => sum + i.cents, 0)).toBe(totalCents);
    expect(instalments.reduce((sum, i) => sum + i.taxCents, 0)).toBe(taxCents);
    expect(instalments.map((i) => [i.id, i.dueOn])).toEqual([
      ['retainer', null],
      ['e1', '2027-08-11'],
      ['e2', '2027-08-13'],
      ['e3', '2027-08-13'],
    ]);
  });

  test('the last event’s balance takes what rounding leaves of the retainer', () => {
    const instalments = schedule(wedding, terms);
    const shares = wedding.map((e) => e.priceCents + Math.round(e.priceCents * 0.05));
    const balances = instalments.slice(1).map((i) => i.cents);
    const retainerShares = shares.map((total, i) => total - balances[i]!);
    expect(retainerShares.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(retainerShares[2]).toBe(100_000 - retainerShares[0]! - retainerShares[1]!);
  });

  test('an event moved moves its own instalment and nothing else', () => {
    const before = schedule(wedding, terms);
    const moved = wedding.map((e) => (e.id === 'e1' ? { ...e, date: '2027-12-01' } : e));
    const after = schedule(moved, terms);
    const byId = (list: typeof before) => Object.fromEntries(list.map((i) => [i.id, i]));
    expect(byId(after).e1).toEqual({ ...byId(before).e1, dueOn: '2027-11-01' });
    for (const id of ['retainer', 'e2', 'e3']) expect(byId(after)[id]).toEqual(byId(before)[id]);
    // Now the latest due, it is listed last.
    expect(after.at(-1)!.id).toBe('e1');
  });

  test('a retainer above the total is refused', () => {
    expect(() => schedule(wedding, { ...terms, retainerCents: 10_000_000 })).toThrow(RangeError);
  });

  test('a retainer of nothing is no instalment: nothing to pay at signing', () => {
    const instalments = schedule(wedding, { ...terms, retainerCents: 0 });
    expect(instalments.map((i) => i.id)).toEqual(['e1', 'e2', 'e3']);
    expect(instalments.reduce((sum, i) => sum + i.taxCents, 0)).toBe(totals(wedding, 5).taxCents);
  });

  test('a currency without cents is split in whole units, the last event taking the remainder', () => {
    // Yen, kept in hundredths: ¥333,333, ¥333,334 and ¥333,335 at 5 %, ¥100,001 on signing.
    const yen = [
      event('e1', '2027-09-10', 33_333_300),
      event('e2', '2027-09-12', 33_333_400),
      event('e3', '2027-09-12', 33_333_500),
    ];
    const instalments = schedule(yen, { ...terms, retainerCents: 10_000_100, unit: 100 });
    const { totalCents, taxCents } = totals(yen, 5, 100);
    for (const each of instalments) {
      expect(each.cents % 100).toBe(0);
      expect(each.taxCents % 100).toBe(0);
    }
    expect(taxCents % 100).toBe(0);
    expect(instalments.reduce((sum, i) => sum + i.cents, 0)).toBe(totalCents);
    expect(instalments.reduce((sum, i) => sum + i.taxCents, 0)).toBe(taxCents);
  });

  test('dates cross months and clock changes by whole days', () => {
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2027-11-07', 1)).toBe('2027-11-08');
  });
});

describe('a cancellation', () => {
  const tiers = [
    { daysBefore: 180, refundPercent: 100 },
    { daysBefore: 60, refundPercent: 50 },
  ];
  test('refunds by the notice given, nothing under the last tier', () => {
    expect(cancellationRefund(300_000, 200, tiers)).toBe(300_000);
    expect(cancellationRefund(300_000, 180, tiers)).toBe(300_000);
    expect(cancellationRefund(300_001, 179, tiers)).toBe(150_000);
    expect(cancellationRefund(300_000, 59, tiers)).toBe(0);
  });
  test('in whole units of a currency without cents', () => {
    expect(cancellationRefund(300_100, 179, tiers, 100)).toBe(150_000);
  });
});
