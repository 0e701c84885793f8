// A wedding's money, per event: each event's price and the tax on it, the retainer paid on signing
// and each event's balance due a set number of days before that event. The retainer is shared
// among the events by their totals, never by their dates, so moving an event moves its own
// instalment's date and nothing else. The service and the pages compute it alike.

/** An event of the wedding as the proposal states it. */
export type BookingEvent = {
  /** Stable within the booking: an instalment names its event by it. */
  id: string;
  /** The enquiry's kind (mehndi, sangeet, ceremony, …) and the family's own name for it. */
  kind: string;
  name: string;
  /** YYYY-MM-DD. */
  date: string;
  venue: string;
  city: string;
  /** What is covered and what is delivered, in the studio's words. */
  coverage: string;
  delivers: string;
  /** Before tax, in cents of the booking's currency. */
  priceCents: number;
};

export type Instalment = {
  /** 'retainer', or the event's id (e1, e2, …) for that event's balance. */
  id: string;
  kind: 'retainer' | 'balance';
  eventId: string | null;
  /** YYYY-MM-DD; null for the retainer, due on signing. */
  dueOn: string | null;
  /** What is paid, tax included, and the tax in it. */
  cents: number;
  taxCents: number;
};

export type Money = { subtotalCents: number; taxCents: number; totalCents: number };

/** An amount rounded to the currency's smallest amount (`unit` cents: 100 for yen, 1 for dollars). */
const toUnit = (cents: number, unit: number) => Math.round(cents / unit) * unit;

/** The tax on a price at a rate in percent, to the currency's smallest amount. */
export const taxOn = (cents: number, ratePercent: number, unit = 1) =>
  toUnit((cents * ratePercent) / 100, unit);

export function totals(events: readonly BookingEvent[], ratePercent: number, unit = 1): Money {
  const subtotalCents = events.reduce((sum, event) => sum + event.priceCents, 0);
  const taxCents = events.reduce(
    (sum, event) => sum + taxOn(event.priceCents, ratePercent, unit),
    0,
  );
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** A date (YYYY-MM-DD) moved by whole days, in UTC so that no clock change shifts it. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The retainer, then each event's balance, soonest due first. The retainer (tax included) is
 * shared among the events in proportion to their totals, the last event in the list taking what
 * rounding leaves; so is the tax in each payment. Every amount is whole units of the currency
 * (`unit`: 100 for yen), and a retainer of nothing is no instalment at all.
 */
export function schedule(
  events: readonly BookingEvent[],
  terms: { retainerCents: number; ratePercent: number; balanceDaysBefore: number; unit?: number },
): Instalment[] {
  const unit = terms.unit ?? 1;
  const { totalCents, taxCents } = totals(events, terms.ratePercent, unit);
  if (terms.retainerCents < 0 || terms.retainerCents > totalCents) {
    throw new RangeError('The retainer must be between nothing and the whole total.');
  }
  let retainerLeft = terms.retainerCents;
  let taxLeft = taxCents;
  const balances = events.map((event, index): Instalment => {
    const tax = taxOn(event.priceCents, terms.ratePercent, unit);
    const eventTotal = event.priceCents + tax;
    const last = index === events.length - 1;
    const share = last
      ? retainerLeft
      : Math.min(
          retainerLeft,
          toUnit((terms.retainerCents * eventTotal) / (totalCents || 1), unit),
        );
    retainerLeft -= share;
    const cents = eventTotal - share;
    const inIt = eventTotal === 0 ? 0 : toUnit((tax * cents) / eventTotal, unit);
    taxLeft -= inIt;
    return {
      id: event.id,
      kind: 'balance',
      eventId: event.id,
      dueOn: addDays(event.date, -terms.balanceDaysBefore),
      cents,
      taxCents: inIt,
    };
  });
  const retainer: Instalment = {
    id: 'retainer',
    kind: 'retainer',
    eventId: null,
    dueOn: null,
    cents: terms.retainerCents,
    taxCents: taxLeft,
  };
  const dated = balances
    .filter((instalment) => instalment.cents > 0)
    .sort((a, b) => a.dueOn!.localeCompare(b.dueOn!));
  return retainer.cents > 0 ? [retainer, ...dated] : dated;
}

/**
 * What a cancellation refunds of the money paid beyond the retainer: the share of the first tier
 * whose notice the couple gave (days before the first event still to come), else nothing.
 */
export function cancellationRefund(
  paidBeyondRetainerCents: number,
  daysBeforeFirstEvent: number,
  tiers: readonly { daysBefore: number; refundPercent: number }[],
  unit = 1,
): number {
  const tier = tiers.find((each) => daysBeforeFirstEvent >= each.daysBefore);
  if (!tier) return 0;
  return Math.floor((paidBeyondRetainerCents * tier.refundPercent) / 100 / unit) * unit;
}
