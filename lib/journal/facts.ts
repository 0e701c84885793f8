import type { JournalFrontMatter } from './schema';

/** "Gurdwara Dasmesh Darbar, Surrey!" → "gurdwara-dasmesh-darbar-surrey" (accents dropped). */
export function slugify(words: string): string {
  return words
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type Facts = Pick<JournalFrontMatter, 'couple' | 'tradition' | 'events'>;

/** The event a wedding is known by: its ceremony, else its first event. */
export function mainEvent<E extends Facts['events'][number]>(events: E[]): E {
  return events.find((event) => event.kind === 'ceremony') ?? events[0]!;
}

/** "Sikh wedding at Gurdwara Dasmesh Darbar, Surrey: Simran & Arjun" */
export function suggestTitle(post: Facts): string {
  const { venue, city } = mainEvent(post.events);
  return `${post.tradition} wedding at ${venue}, ${city}: ${post.couple}`;
}

/** "sikh-wedding-gurdwara-dasmesh-darbar-surrey": what couples search for, in the address. */
export function suggestSlug(post: Facts): string {
  const { venue, city } = mainEvent(post.events);
  const place = venue.toLowerCase().includes(city.toLowerCase()) ? venue : `${venue} ${city}`;
  return slugify(`${post.tradition} wedding ${place}`);
}

/** Each event's anchor on the post's page: its kind (#sangeet), numbered when it repeats. */
export function eventAnchors(events: { kind: string }[]): string[] {
  const seen = new Map<string, number>();
  return events.map(({ kind }) => {
    const n = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, n);
    return n === 1 ? kind : `${kind}-${n}`;
  });
}

export const journalPath = (post: { slug: string }) => `/journal/${post.slug}/`;
export const cityPath = (city: string) => `/journal/in/${slugify(city)}/`;

/**
 * The enquiry with this event's kind (and the family's name for it), city and venue filled in,
 * saying whose wedding it came from (lib/browser/enquiry/model.ts, prefill).
 */
export function enquiryHref(
  event: { kind: string; name?: string; city: string; venue: string },
  couple: string,
): string {
  const query = new URLSearchParams({ event: event.kind });
  if (event.name) query.set('name', event.name);
  query.set('city', event.city);
  query.set('venue', event.venue);
  query.set('from', couple);
  return `/contact/?${query.toString()}`;
}
