// "Are you free on our dates?": what content/availability.json says of a day, while the list is
// fresh. A list not updated for 30 days says nothing, rather than something no longer true.
import type { Availability } from '@/lib/content';
import { compare, fromIso, isoDate, type CalendarDate } from './dates';

export type DayState = 'free' | 'one-team' | 'booked';

/** How long the studio's list is believed after its last update. */
export const FRESH_DAYS = 30;

const dayNumber = (date: CalendarDate) =>
  Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** Whether the list was updated within the last FRESH_DAYS days (a future date counts as today). */
export const isFresh = (availability: Availability, today: CalendarDate) =>
  dayNumber(today) - dayNumber(fromIso(availability.updated)) <= FRESH_DAYS;

/** What the list says of `date`: booked, one team left, or free; null when it is stale. */
export function dayState(
  availability: Availability,
  date: CalendarDate,
  today: CalendarDate,
): DayState | null {
  if (!isFresh(availability, today) || compare(date, today) < 0) return null;
  const day = isoDate(date);
  return availability.dates.find((entry) => entry.date === day)?.status ?? 'free';
}
