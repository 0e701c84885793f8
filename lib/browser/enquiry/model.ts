// What the couple has written in the enquiry, as the form holds it and the device keeps it: every
// value as typed (a half-typed date is kept as it is), the events in their order.
import type { DayState } from './availability';
import type { CalendarDate, DateParts } from './dates';

export const MAX_EVENTS = 10;

export type Coverage = 'photo' | 'film' | 'both';
export const coverages: readonly Coverage[] = ['photo', 'film', 'both'];

export type EnquiryEvent = DateParts & {
  /** Names the event's inputs; stays with it when an earlier event is removed. */
  id: number;
  kind: string;
  /** The family's own name for it, when content gives the kind names ("Anand Karaj"). */
  name: string;
  city: string;
  venue: string;
  guests: string;
  coverage: Coverage | '';
};

export type Enquiry = {
  /** The fixed fields the couple types, by name (eventDate and cityCountry are made: derived.ts). */
  fields: Record<string, string>;
  events: EnquiryEvent[];
  /** One of content's countries, or its "Somewhere else". */
  country: string;
  /** The country typed when it is "Somewhere else". */
  otherCountry: string;
  budget: string;
};

export const emptyEvent = (id: number): EnquiryEvent => ({
  id,
  kind: '',
  name: '',
  day: '',
  month: '',
  year: '',
  city: '',
  venue: '',
  guests: '',
  coverage: '',
});

export const emptyEnquiry = (): Enquiry => ({
  fields: {},
  events: [emptyEvent(1)],
  country: '',
  otherCountry: '',
  budget: '',
});

/**
 * The event "Add another event" makes: the city and coverage of the one before it (a wedding's
 * events are mostly in one city, with one kind of coverage), the rest empty.
 */
export const nextEvent = (id: number, previous: EnquiryEvent | undefined): EnquiryEvent => ({
  ...emptyEvent(id),
  city: previous?.city ?? '',
  coverage: previous?.coverage ?? '',
});

/** Whether anything has been typed or chosen. */
export function isBlank(enquiry: Enquiry): boolean {
  const first = enquiry.events[0] ?? emptyEvent(1);
  return (
    Object.values(enquiry.fields).every((value) => value === '') &&
    enquiry.events.length <= 1 &&
    Object.values({ ...first, id: '' }).every((value) => value === '') &&
    !enquiry.country &&
    !enquiry.otherCountry &&
    !enquiry.budget
  );
}

/** A stored value as text of at most `max` characters; anything else is empty. */
export const text = (value: unknown, max = 5000) =>
  typeof value === 'string' ? value.slice(0, max) : '';
const coverage = (value: unknown): Coverage | '' =>
  coverages.includes(value as Coverage) ? (value as Coverage) : '';
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The draft the device kept, repaired: whatever is not text is dropped, events beyond the limit
 * too, and ids are renumbered. A draft that is not JSON (or not a draft) is none.
 */
export function readDraft(stored: string | null): Enquiry | null {
  if (!stored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  const draft = record(parsed);
  // A version-1 draft (a wedding-wide coverage, no family names) reads as this one without them.
  if (draft.version !== DRAFT_VERSION && draft.version !== 1) return null;
  const fields = Object.fromEntries(
    Object.entries(record(draft.fields))
      .filter(([name, value]) => /^[a-zA-Z]+$/.test(name) && typeof value === 'string')
      .map(([name, value]) => [name, text(value)]),
  );
  const events = (Array.isArray(draft.events) ? draft.events : [])
    .slice(0, MAX_EVENTS)
    .map((value, index): EnquiryEvent => {
      const event = record(value);
      return {
        id: index + 1,
        kind: text(event.kind, 100),
        name: text(event.name, 100),
        day: text(event.day, 4),
        month: text(event.month, 4),
        year: text(event.year, 4),
        city: text(event.city, 200),
        venue: text(event.venue, 200),
        guests: text(event.guests, 10),
        coverage: coverage(event.coverage),
      };
    });
  return {
    fields,
    events: events.length > 0 ? events : [emptyEvent(1)],
    country: text(draft.country, 100),
    otherCountry: text(draft.otherCountry, 100),
    budget: text(draft.budget, 100),
  };
}

/** Bump when the shape changes: an older draft is then left unread rather than misread. */
const DRAFT_VERSION = 2;

export const writeDraft = (enquiry: Enquiry) =>
  JSON.stringify({ version: DRAFT_VERSION, ...enquiry });

/** The query a link pre-fills the first event with (a journal post's "Enquire about this day"). */
export const PREFILL_PARAMS = ['event', 'name', 'city', 'venue', 'from'] as const;

/** What a link's pre-fill put in the first event, for the notice that says so. */
export type Prefilled = { kind: string; name: string; venue: string; city: string; from: string };

/**
 * A link's pre-fill (`?event=ceremony&name=Anand+Karaj&city=Surrey&venue=…&from=Harleen+%26+Karan`)
 * on the first event: only what the link names, and each value only where that event's field is
 * still empty, so a kept draft wins; an event kind the studio does not list is ignored. Says what
 * it filled (null: nothing).
 */
export function prefill(
  enquiry: Enquiry,
  params: URLSearchParams,
  kinds: { value: string; names: string[] }[],
): { enquiry: Enquiry; filled: Prefilled | null } {
  const [first, ...rest] = enquiry.events;
  const param = (name: string) => text(params.get(name), 200).trim();
  const kind = kinds.find((entry) => entry.value === param('event'));
  const wanted = {
    kind: kind?.value ?? '',
    name: kind?.names.includes(param('name')) ? param('name') : '',
    city: param('city'),
    venue: param('venue'),
  };
  if (!first) return { enquiry, filled: null };
  const filled = { ...first };
  const changed = { kind: '', name: '', city: '', venue: '' };
  for (const key of ['kind', 'city', 'venue'] as const) {
    if (!filled[key] && wanted[key]) filled[key] = changed[key] = wanted[key];
  }
  if (changed.kind && wanted.name) filled.name = changed.name = wanted.name;
  if (!changed.kind && !changed.city && !changed.venue) return { enquiry, filled: null };
  return {
    enquiry: { ...enquiry, events: [filled, ...rest] },
    filled: { ...changed, from: param('from') },
  };
}

/** An event as the enquiry sends it (lib/browser/enquiry/submission.ts plannedEvents). */
export type PlannedEvent = {
  kind: string;
  /** What the couple chose: the family's name or the studio's ("Anand Karaj", "Sangeet"). */
  label: string;
  date: CalendarDate | null;
  city: string;
  venue: string;
  guests: number | null;
  coverage: Coverage | '';
  /** What the studio's list said of the day, as the form showed it (null: it said nothing). */
  availability: DayState | null;
};
