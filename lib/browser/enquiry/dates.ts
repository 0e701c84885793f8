// An event's date as the couple types it: day, month and year in three boxes (a date picker cannot
// hold 31 February, so it could not say what is wrong with it).

export type DateParts = { day: string; month: string; year: string };
export type CalendarDate = { year: number; month: number; day: number };

export type DateCheck =
  | { kind: 'empty' }
  | { kind: 'date'; date: CalendarDate }
  | { kind: 'incomplete' | 'impossible' | 'past' };

const number = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text) : NaN);

/**
 * Reads the three boxes: all empty is no date (not fixed yet); some empty is incomplete; a day that
 * the month does not have, a month past 12 or a year of fewer than four digits is impossible; a
 * day before `today` (the couple's own calendar day) has passed.
 */
export function checkDate(parts: DateParts, today: CalendarDate): DateCheck {
  const filled = [parts.day, parts.month, parts.year].map((part) => part.trim() !== '');
  if (filled.every((f) => !f)) return { kind: 'empty' };
  if (filled.some((f) => !f)) return { kind: 'incomplete' };
  const [day, month, year] = [number(parts.day), number(parts.month), number(parts.year)];
  if (
    !(year! >= 1000) ||
    !(month! >= 1 && month! <= 12) ||
    !(day! >= 1 && day! <= daysIn(year!, month!))
  ) {
    return { kind: 'impossible' };
  }
  const date = { year: year!, month: month!, day: day! };
  return compare(date, today) < 0 ? { kind: 'past' } : { kind: 'date', date };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const compare = (a: CalendarDate, b: CalendarDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/** The device's calendar day. */
export function todayOf(now: Date): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** mm/dd/yyyy, the form's `eventDate` as Formspree receives it. */
export const usDate = (date: CalendarDate) => `${pad(date.month)}/${pad(date.day)}/${date.year}`;

/** ISO 8601, for the structured copy of the events. */
export const isoDate = (date: CalendarDate) => `${date.year}-${pad(date.month)}-${pad(date.day)}`;

/** "2027-05-15" back into a calendar date (the caller has checked the format). */
export const fromIso = (iso: string): CalendarDate => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/** "Saturday 14 February 2027", whatever the device's time zone. */
export const longDate = (date: CalendarDate) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(Date.UTC(date.year, date.month - 1, date.day))
    .replace(',', '');
