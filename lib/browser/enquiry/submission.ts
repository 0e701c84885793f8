// What the enquiry sends to Formspree, and what the page answers with once it has arrived: made
// from the couple's own answers, with no server of ours.
import type { Availability, EnquiryCopy, EnquiryCurrency } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { dayState, type DayState } from './availability';
import { checkDate, compare, isoDate, longDate, usDate, type CalendarDate } from './dates';
import { combined, estimate, estimateLine } from './estimate';
import type { Enquiry, EnquiryEvent, PlannedEvent } from './model';

/** CAD for Canada, INR for India (as the studio lists them), USD elsewhere. */
export function currencyFor(country: string, countries: EnquiryCopy['countries']): EnquiryCurrency {
  return countries.find((entry) => entry.name === country)?.currency ?? 'USD';
}

/** The country as the couple gave it: content's name, or the one typed for "Somewhere else". */
export const countryOf = (enquiry: Enquiry, copy: EnquiryCopy) =>
  enquiry.country === copy.country.elsewhere ? enquiry.otherCountry.trim() : enquiry.country;

/**
 * The spec's `cityCountry`, made from what is asked once: the events' cities (each once, in the
 * order given) and the country, "Brampton, Mississauga, Canada".
 */
export function cityCountry(enquiry: Enquiry, copy: EnquiryCopy): string {
  const seen = new Set<string>();
  const cities = enquiry.events
    .map((event) => event.city.trim())
    .filter((city) => city && !seen.has(city.toLowerCase()) && seen.add(city.toLowerCase()));
  return [...cities, countryOf(enquiry, copy)].filter(Boolean).join(', ');
}

/** The wedding's coverage, made from its events': both when they ask for photographs and a film. */
export const weddingCoverage = (enquiry: Enquiry) =>
  combined(enquiry.events.flatMap((event) => (event.coverage ? [event.coverage] : [])));

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

/**
 * The one Formspree submission: the fixed fields (eventDate from the first event's date,
 * cityCountry from the cities and the country), the events as lines for the studio's inbox and as
 * JSON for anything that reads it, the coverage their events add up to, country, currency, budget
 * and the estimate the couple was shown, a subject, and the honeypot.
 */
export function submission(
  enquiry: Enquiry,
  copy: EnquiryCopy,
  today: CalendarDate,
  honeypot: string,
  availability?: Availability,
): Record<string, string> {
  const events = plannedEvents(enquiry, copy, today, availability);
  const first = events[0];
  const fields = Object.fromEntries(
    Object.entries(enquiry.fields).map(([name, value]) => [name, value.trim()]),
  );
  const eventDate = first?.date ? usDate(first.date) : '';
  const coverage = weddingCoverage(enquiry);
  return {
    ...fields,
    eventDate,
    cityCountry: cityCountry(enquiry, copy),
    events: events
      .map((event, index) => {
        const shown = event.availability && availabilityText(event.availability, copy);
        return `${index + 1}. ${eventLine(event, copy)}${shown ? ` (we showed: "${shown}")` : ''}`;
      })
      .join('\n'),
    eventsJson: JSON.stringify(
      events.map((event) => ({
        kind: event.kind,
        name: event.label,
        date: event.date && isoDate(event.date),
        city: event.city,
        venue: event.venue,
        guests: event.guests,
        coverage: event.coverage || null,
        availability: event.availability,
      })),
    ),
    coverage: coverage ? copy.coverage[coverage] : '',
    country: countryOf(enquiry, copy),
    currency: currencyFor(enquiry.country, copy.countries),
    budget: enquiry.budget,
    estimate: weddingEstimate(events, enquiry, copy),
    _subject: fillIn(copy.subject, {
      names: fields.name ?? '',
      date: eventDate || copy.check.undated,
      city: first?.city ?? '',
    }),
    _gotcha: honeypot,
  };
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
