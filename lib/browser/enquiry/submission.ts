// The enquiry's rules that the form, the check page and Send share: the currency, the events as
// planned, their lines and the estimate, made from the couple's own answers. What only Send makes
// is ./send.ts, loaded at the check step.
import type { Availability, EnquiryCopy, EnquiryCurrency } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { dayState, type DayState } from './availability';
import { checkDate, compare, longDate, type CalendarDate } from './dates';
import { estimate, estimateLine } from './estimate';
import type { Enquiry, EnquiryEvent, PlannedEvent } from './model';

/** CAD for Canada, INR for India (as the studio lists them), USD elsewhere. */
export function currencyFor(country: string, countries: EnquiryCopy['countries']): EnquiryCurrency {
  return countries.find((entry) => entry.name === country)?.currency ?? 'USD';
}

/** The country as the couple gave it: content's name, or the one typed for "Somewhere else". */
export const countryOf = (enquiry: Enquiry, copy: EnquiryCopy) =>
  enquiry.country === copy.country.elsewhere ? enquiry.otherCountry.trim() : enquiry.country;

/** The family's name for the event, else the studio's for its kind: "Anand Karaj", "Sangeet". */
export const eventLabel = (event: Pick<EnquiryEvent, 'kind' | 'name'>, copy: EnquiryCopy) =>
  event.name || (copy.eventKinds.find((kind) => kind.value === event.kind)?.label ?? event.kind);

/** The events as they were sent (dates checked, text trimmed), soonest first, undated last. */
export function plannedEvents(
  enquiry: Enquiry,
  copy: EnquiryCopy,
  today: CalendarDate,
  availability?: Availability,
) {
  const planned = enquiry.events.map((event: EnquiryEvent): PlannedEvent => {
    const date = checkDate(event, today);
    return {
      kind: event.kind,
      label: eventLabel(event, copy),
      date: date.kind === 'date' ? date.date : null,
      availability:
        availability && date.kind === 'date' ? dayState(availability, date.date, today) : null,
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

export const availabilityText = (state: DayState, copy: EnquiryCopy) =>
  ({
    free: copy.availability.free,
    'one-team': copy.availability.oneTeam,
    booked: copy.availability.booked,
  })[state];

/**
 * What the studio's list says of the events' days that are not free, and what the studio proposes:
 * "Booked that day: Anand Karaj, Saturday 21 August 2027. We can suggest an associate team…"
 */
export function availabilityNotes(events: PlannedEvent[], copy: EnquiryCopy): string[] {
  const on = (state: DayState) =>
    events
      .filter((event) => event.date && event.availability === state)
      .map((event) => `${event.label}, ${longDate(event.date!)}`)
      .join('; ');
  const booked = on('booked');
  const oneTeam = on('one-team');
  return [
    booked && fillIn(copy.availability.bookedEvents, { events: booked }),
    oneTeam && fillIn(copy.availability.oneTeamEvents, { events: oneTeam }),
  ].filter((note) => !!note);
}

/**
 * What the couple is told their wedding starts at, and of its booked days: "For your three events
 * over two days: from CA$7,200. Booked that day: …" (the check page, the reply, the saved summary
 * and the studio's copy all say it so).
 */
export function weddingEstimate(events: PlannedEvent[], enquiry: Enquiry, copy: EnquiryCopy) {
  const currency = currencyFor(enquiry.country, copy.countries);
  return [
    estimateLine(estimate(events, copy.startingPrices, currency), copy.reply),
    ...availabilityNotes(events, copy),
  ].join(' ');
}
