// What the enquiry sends to Formspree, and what the page answers with once it has arrived: made
// from the couple's own answers, with no server of ours.
import type { EnquiryCopy, EnquiryCurrency } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { checkDate, compare, isoDate, longDate, usDate, type CalendarDate } from './dates';
import type { Coverage, Enquiry, EnquiryEvent } from './model';

/** CAD for Canada, INR for India (as the studio lists them), USD elsewhere. */
export function currencyFor(country: string, countries: EnquiryCopy['countries']): EnquiryCurrency {
  return countries.find((entry) => entry.name === country)?.currency ?? 'USD';
}

/** A whole amount as the couple reads it: CA$2,400, ₹1,20,000, $1,800. */
export function formatWhole(amount: number, currency: EnquiryCurrency): string {
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

export type PlannedEvent = {
  kind: string;
  /** The studio's name for the kind ("Sangeet"). */
  label: string;
  date: CalendarDate | null;
  city: string;
  venue: string;
  guests: number | null;
  coverage: Coverage | '';
};

/** The events as they were sent (dates checked, text trimmed), soonest first, undated last. */
export function plannedEvents(enquiry: Enquiry, copy: EnquiryCopy, today: CalendarDate) {
  const planned = enquiry.events.map((event: EnquiryEvent): PlannedEvent => {
    const date = checkDate(event, today);
    return {
      kind: event.kind,
      label: copy.eventKinds.find((kind) => kind.value === event.kind)?.label ?? event.kind,
      date: date.kind === 'date' ? date.date : null,
      city: event.city.trim(),
      venue: event.venue.trim(),
      guests: event.guests.trim() ? Number(event.guests) : null,
      coverage: event.coverage,
    };
  });
  return planned
    .map((event, order) => ({ event, order }))
    .sort((a, b) =>
      a.event.date && b.event.date
        ? compare(a.event.date, b.event.date) || a.order - b.order
        : a.event.date
          ? -1
          : b.event.date
            ? 1
            : a.order - b.order,
    )
    .map(({ event }) => event);
}

/** "Sangeet, Saturday 13 February 2027, Crystal Banquet Hall, Surrey, about 300 guests, …" */
export function eventLine(event: PlannedEvent, copy: EnquiryCopy): string {
  return [
    event.label,
    event.date ? longDate(event.date) : copy.check.undated,
    event.venue,
    event.city,
    event.guests !== null && fillIn(copy.check.guests, { n: event.guests }),
    event.coverage && copy.coverage[event.coverage],
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The one Formspree submission: the fixed fields (eventDate from the first event's date), the
 * events as lines for the studio's inbox and as JSON for anything that reads it, the coverage,
 * country, currency and budget, a subject, and the honeypot.
 */
export function submission(
  enquiry: Enquiry,
  copy: EnquiryCopy,
  today: CalendarDate,
  honeypot: string,
): Record<string, string> {
  const events = plannedEvents(enquiry, copy, today);
  const first = events[0];
  const fields = Object.fromEntries(
    Object.entries(enquiry.fields).map(([name, value]) => [name, value.trim()]),
  );
  const eventDate = first?.date ? usDate(first.date) : '';
  return {
    ...fields,
    eventDate,
    events: events.map((event, index) => `${index + 1}. ${eventLine(event, copy)}`).join('\n'),
    eventsJson: JSON.stringify(
      events.map((event) => ({
        kind: event.kind,
        date: event.date && isoDate(event.date),
        city: event.city,
        venue: event.venue,
        guests: event.guests,
        coverage: event.coverage || null,
      })),
    ),
    coverage: enquiry.coverage ? copy.coverage[enquiry.coverage] : '',
    country: enquiry.country,
    currency: currencyFor(enquiry.country, copy.countries),
    budget: enquiry.budget,
    _subject: fillIn(copy.subject, {
      names: fields.name ?? '',
      date: eventDate || copy.check.undated,
      city: first?.city ?? '',
    }),
    _gotcha: honeypot,
  };
}

/** What coverage like theirs starts at, per event and per day, in their currency. */
export function startingPrices(enquiry: Enquiry, copy: EnquiryCopy) {
  const coverage = enquiry.coverage || 'both';
  const currency = currencyFor(enquiry.country, copy.countries);
  const price = copy.startingPrices[coverage][currency];
  return fillIn(copy.reply.prices, {
    coverage: copy.coverage[coverage],
    perEvent: formatWhole(price.perEvent, currency),
    perDay: formatWhole(price.perDay, currency),
  });
}

/**
 * The scheduler's address with the couple's names and e-mail filled in (Calendly reads `name` and
 * `email`), and on Calendly a one-line summary of their events as the first question's answer (`a1`).
 */
export function schedulerLink(
  schedulingUrl: string,
  enquiry: Enquiry,
  copy: EnquiryCopy,
  today: CalendarDate,
): string {
  const url = new URL(schedulingUrl);
  url.searchParams.set('name', (enquiry.fields.name ?? '').trim());
  url.searchParams.set('email', (enquiry.fields.email ?? '').trim());
  if (/(^|\.)calendly\.com$/.test(url.hostname)) {
    const summary = plannedEvents(enquiry, copy, today)
      .map((event) =>
        [event.label, event.date && usDate(event.date), event.city].filter(Boolean).join(' '),
      )
      .join('; ');
    url.searchParams.set('a1', summary);
  }
  return url.toString();
}
