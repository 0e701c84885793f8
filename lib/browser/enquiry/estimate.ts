// What the whole wedding starts at, from content's starting prices: each event at its coverage's
// per-event price, a day of several events at the whole-day price when that is lower, summed in
// the couple's currency. The reply shows it and the submission carries it, so the studio sees the
// figure the couple saw.
import type { EnquiryCopy, EnquiryCurrency } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { isoDate } from './dates';
import type { Coverage, PlannedEvent } from './model';

export type Estimate = {
  currency: EnquiryCurrency;
  /** The sum, in whole units of the currency. */
  total: number;
  events: number;
  /** The distinct days of the dated events; null when a date is not fixed yet. */
  days: number | null;
};

/** Photographs and a film together, when the events of a day ask for both. */
export function combined(coverages: Coverage[]): Coverage | '' {
  const set = new Set(coverages);
  if (set.size === 0) return '';
  if (set.has('both') || (set.has('photo') && set.has('film'))) return 'both';
  return set.has('photo') ? 'photo' : 'film';
}

/**
 * The sum: an event whose coverage is not chosen counts as photographs and a film (what most
 * couples ask for); undated events each at the per-event price.
 */
export function estimate(
  events: PlannedEvent[],
  prices: EnquiryCopy['startingPrices'],
  currency: EnquiryCurrency,
): Estimate {
  const byDay = new Map<string, Coverage[]>();
  let total = 0;
  for (const event of events) {
    const coverage = event.coverage || 'both';
    if (!event.date) total += prices[coverage][currency].perEvent;
    else {
      const day = isoDate(event.date);
      byDay.set(day, [...(byDay.get(day) ?? []), coverage]);
    }
  }
  for (const coverages of byDay.values()) {
    const each = coverages.reduce((sum, coverage) => sum + prices[coverage][currency].perEvent, 0);
    const wholeDay = prices[combined(coverages) || 'both'][currency].perDay;
    total += Math.min(each, wholeDay);
  }
  const undated = events.some((event) => !event.date);
  return { currency, total, events: events.length, days: undated ? null : byDay.size };
}

const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (n: number, one: string, many: string) =>
  `${words[n - 1] ?? n} ${n === 1 ? one : many}`;

/** A whole amount as the couple reads it: CA$2,400, ₹1,20,000, $1,800. */
export function formatWhole(amount: number, currency: EnquiryCurrency): string {
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** "For your three events over two days: from CA$7,200." */
export function estimateLine(estimate: Estimate, copy: EnquiryCopy['reply']): string {
  const values = {
    events: count(estimate.events, 'event', 'events'),
    days: estimate.days === null ? '' : count(estimate.days, 'day', 'days'),
    total: formatWhole(estimate.total, estimate.currency),
  };
  return fillIn(estimate.days === null ? copy.estimateUndated : copy.estimate, values);
}
