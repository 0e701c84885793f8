import 'client-only';

/** The strip's next slide: one further along, and back to the start after the last. */
export function nextIndex(current: number, count: number): number {
  return count === 0 ? 0 : (current + 1) % count;
}
