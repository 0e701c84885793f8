// What Send makes of the couple's answers: the one Formspree submission and the record the device
// keeps of it. Loaded with Formspree's client (components/enquiry/use-formspree.ts), at the check
// step or at Send, not with the page: filling the form in needs none of it.
import type { Availability, EnquiryCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { isoDate, usDate, type CalendarDate } from './dates';
import { combined } from './estimate';
import type { Enquiry } from './model';
import type { SentEnquiry } from './sent';
import {
  availabilityText,
  countryOf,
  currencyFor,
  eventLine,
  plannedEvents,
  weddingEstimate,
} from './submission';

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

/** What the device keeps of the enquiry once sent (./sent.ts). */
export function sentRecord(
  enquiry: Enquiry,
  copy: EnquiryCopy,
  today: CalendarDate,
  schedulingUrl: string,
  availability?: Availability,
): SentEnquiry {
  const events = plannedEvents(enquiry, copy, today, availability);
  return {
    sentOn: isoDate(today),
    name: (enquiry.fields.name ?? '').trim(),
    email: (enquiry.fields.email ?? '').trim(),
    events: events.map((event) => ({
      label: event.label,
      date: event.date && isoDate(event.date),
      venue: event.venue,
      city: event.city,
    })),
    estimate: weddingEstimate(events, enquiry, copy),
    bookingUrl: schedulerLink(schedulingUrl, enquiry, copy, today),
  };
}
