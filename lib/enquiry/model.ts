// What the couple has written in the enquiry, as the form holds it and the device keeps it: every
// value as typed (a half-typed date is kept as it is), the events in their order.
import type { DateParts } from './dates';

export const MAX_EVENTS = 10;

export type Coverage = 'photo' | 'film' | 'both';
export const coverages: readonly Coverage[] = ['photo', 'film', 'both'];

export type EnquiryEvent = DateParts & {
  /** Names the event's inputs; stays with it when an earlier event is removed. */
  id: number;
  kind: string;
  city: string;
  venue: string;
  guests: string;
  coverage: Coverage | '';
};

export type Enquiry = {
  /** The fixed fields but eventDate (made from the first event), by name. */
  fields: Record<string, string>;
  events: EnquiryEvent[];
  coverage: Coverage | '';
  country: string;
  budget: string;
};

export const emptyEvent = (id: number): EnquiryEvent => ({
  id,
  kind: '',
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
  coverage: '',
  country: '',
  budget: '',
});

/** Whether anything has been typed or chosen. */
export function isBlank(enquiry: Enquiry): boolean {
  const first = enquiry.events[0] ?? emptyEvent(1);
  return (
    Object.values(enquiry.fields).every((value) => value === '') &&
    enquiry.events.length <= 1 &&
    Object.values({ ...first, id: '' }).every((value) => value === '') &&
    !enquiry.coverage &&
    !enquiry.country &&
    !enquiry.budget
  );
}

const text = (value: unknown, max = 5000) => (typeof value === 'string' ? value.slice(0, max) : '');
const coverage = (value: unknown): Coverage | '' =>
  coverages.includes(value as Coverage) ? (value as Coverage) : '';
const record = (value: unknown): Record<string, unknown> =>
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
  if (draft.version !== DRAFT_VERSION) return null;
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
    coverage: coverage(draft.coverage),
    country: text(draft.country, 100),
    budget: text(draft.budget, 100),
  };
}

/** Bump when the shape changes: an older draft is then left unread rather than misread. */
const DRAFT_VERSION = 1;

export const writeDraft = (enquiry: Enquiry) =>
  JSON.stringify({ version: DRAFT_VERSION, ...enquiry });

/**
 * A link's pre-fill (`?event=sangeet&city=Surrey&venue=…`) on the first event: each value only where
 * that event's field is still empty, so a kept draft wins; an event kind the studio does not list
 * is ignored.
 */
export function prefill(enquiry: Enquiry, params: URLSearchParams, kinds: string[]): Enquiry {
  const [first, ...rest] = enquiry.events;
  if (!first) return enquiry;
  const wanted = {
    kind: kinds.includes(params.get('event') ?? '') ? params.get('event')! : '',
    city: text(params.get('city'), 200).trim(),
    venue: text(params.get('venue'), 200).trim(),
  };
  const filled = { ...first };
  for (const key of ['kind', 'city', 'venue'] as const) {
    if (!filled[key] && wanted[key]) filled[key] = wanted[key];
  }
  return { ...enquiry, events: [filled, ...rest] };
}
