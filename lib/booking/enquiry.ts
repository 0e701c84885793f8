// A proposal's events from the couple's enquiry, without retyping: the `eventsJson` field as
// Formspree delivers it (lib/browser/enquiry/send.ts writes it), alone or in the whole submission
// pasted from Formspree's JSON export, or the record of it the couple's device kept
// (lib/browser/enquiry/sent.ts, whose events have a `label`), each event priced from the
// starting prices in content.
// Read by hand (the studio's page carries no schema library for one paste).
import type { BookingEvent } from './schedule';

type Coverage = 'photo' | 'film' | 'both';
export type StartingPrices = Record<Coverage, Record<string, { perEvent: number }>>;

const COVERAGES: readonly string[] = ['photo', 'film', 'both'];
const words = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The events an enquiry names, or why the text pasted is not one. */
export function eventsFromEnquiry(
  pasted: string,
  prices: StartingPrices,
  coverageWords: Record<Coverage, string>,
  currency: string,
): { events: BookingEvent[] } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(pasted);
    // The whole submission: its eventsJson field is itself JSON text; the device's record: events.
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      if ('eventsJson' in json) json = JSON.parse(String(json.eventsJson));
      else if ('events' in json) json = json.events;
    }
  } catch {
    return { problem: 'This is not the enquiry’s eventsJson: it does not read as JSON.' };
  }
  const listed = Array.isArray(json)
    ? json.filter((event): event is Record<string, unknown> => !!event && typeof event === 'object')
    : [];
  if (listed.length === 0) {
    return { problem: 'This is not the enquiry’s eventsJson: it lists no events.' };
  }
  return {
    events: listed.map((event, index) => {
      const coverage = (
        COVERAGES.includes(words(event.coverage)) ? event.coverage : 'both'
      ) as Coverage;
      const date = words(event.date);
      return {
        id: `e${index + 1}`,
        kind: words(event.kind) || 'other',
        name: words(event.name) || words(event.label) || words(event.kind) || `Event ${index + 1}`,
        // An undated event is dated by the studio before the proposal goes.
        date: DATE.test(date) ? date : '',
        venue: words(event.venue),
        city: words(event.city),
        coverage: coverageWords[coverage],
        delivers: '',
        priceCents: (prices[coverage][currency]?.perEvent ?? 0) * 100,
      };
    }),
  };
}
