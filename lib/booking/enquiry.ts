// A proposal's events from the couple's enquiry, without retyping: the `eventsJson` field as
// Formspree delivers it (lib/browser/enquiry/send.ts writes it), alone or in the whole submission
// pasted from Formspree's JSON export, each event priced from the starting prices in content.
import { z } from 'zod';
import type { BookingEvent } from './schedule';

const enquiryEventSchema = z.object({
  kind: z.string().default('other'),
  name: z.string().default(''),
  date: z.string().nullable().default(null),
  city: z.string().default(''),
  venue: z.string().default(''),
  coverage: z.enum(['photo', 'film', 'both']).nullable().default(null),
});

type Coverage = 'photo' | 'film' | 'both';
export type StartingPrices = Record<Coverage, Record<string, { perEvent: number }>>;

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
    // The whole submission: its eventsJson field is itself JSON text.
    if (json && typeof json === 'object' && !Array.isArray(json) && 'eventsJson' in json) {
      json = JSON.parse(String((json as { eventsJson: unknown }).eventsJson));
    }
  } catch {
    return { problem: 'This is not the enquiry’s eventsJson: it does not read as JSON.' };
  }
  const parsed = z.array(enquiryEventSchema).min(1).safeParse(json);
  if (!parsed.success) {
    return { problem: 'This is not the enquiry’s eventsJson: it lists no events.' };
  }
  return {
    events: parsed.data.map((event, index) => {
      const coverage = event.coverage ?? 'both';
      return {
        id: `e${index + 1}`,
        kind: event.kind,
        name: event.name || event.kind,
        date: event.date ?? '',
        venue: event.venue,
        city: event.city,
        coverage: coverageWords[coverage],
        delivers: '',
        priceCents: (prices[coverage][currency]?.perEvent ?? 0) * 100,
      };
    }),
  };
}
