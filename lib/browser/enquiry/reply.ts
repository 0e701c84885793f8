// What the reply to a sent enquiry says of the record kept (sent.ts): the day it was sent, and the
// summary to save. Apart from sent.ts, which the form needs at once: the reply loads only once an
// enquiry is sent, or for a couple who comes back to one.
import type { EnquiryCopy } from '@/lib/content';
import { compare, fromIso, longDate, type CalendarDate } from './dates';
import type { SentEnquiry } from './sent';

/** "25 November", with the year when it is not this one's. */
export function sentDay(iso: string, today: CalendarDate): string {
  const day = fromIso(iso);
  const long = longDate(day).replace(/^\S+ /, '');
  return day.year === today.year && compare(day, today) <= 0 ? long.replace(/ \d{4}$/, '') : long;
}

/** The summary to save: plain text, one line per event, the estimate and the booking link. */
export function summaryText(record: SentEnquiry, copy: EnquiryCopy, studio: string): string {
  return [
    `${studio}: ${copy.reply.timeline}`,
    '',
    ...record.events.map((event) =>
      [
        event.label,
        event.date ? longDate(fromIso(event.date)) : copy.check.undated,
        event.venue,
        event.city,
      ]
        .filter(Boolean)
        .join(', '),
    ),
    '',
    record.estimate,
    copy.reply.quoted,
    '',
    `${copy.reply.book}: ${record.bookingUrl}`,
    '',
  ].join('\n');
}
