// The enquiry once Formspree has it: a record kept on the device (not the draft) so that a reload, a
// new tab or a return days later shows what was sent and what happens next.
import { record, text } from './model';

/** Where the device keeps it. */
export const SENT_KEY = 'saanjh.enquiry.sent';

export type SentEnquiry = {
  /** The device's day it was sent: YYYY-MM-DD. */
  sentOn: string;
  name: string;
  email: string;
  events: { label: string; date: string | null; venue: string; city: string }[];
  /** "For your three events over two days: from CA$7,200." */
  estimate: string;
  /** The scheduler with their names and e-mail filled in. */
  bookingUrl: string;
};

const VERSION = 1;
export const writeSent = (record: SentEnquiry) => JSON.stringify({ version: VERSION, ...record });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The kept record, checked: anything else (not JSON, another version, a date that is not one, a
 * booking address that is not http(s)) is none, so a tampered record cannot put a script link on
 * the page.
 */
export function readSent(stored: string | null): SentEnquiry | null {
  if (!stored) return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || parsed.version !== VERSION) return null;
  const sentOn = text(parsed.sentOn, 500);
  let bookingUrl: URL;
  try {
    bookingUrl = new URL(text(parsed.bookingUrl, 4000));
  } catch {
    return null;
  }
  if (!ISO_DAY.test(sentOn) || !/^https?:$/.test(bookingUrl.protocol)) return null;
  const events = (Array.isArray(parsed.events) ? parsed.events : []).slice(0, 10).map((value) => {
    const event = record(value);
    const date = text(event.date, 500);
    return {
      label: text(event.label, 100),
      date: ISO_DAY.test(date) ? date : null,
      venue: text(event.venue, 200),
      city: text(event.city, 200),
    };
  });
  return {
    sentOn,
    name: text(parsed.name, 200),
    email: text(parsed.email, 200),
    events,
    estimate: text(parsed.estimate, 2000),
    bookingUrl: bookingUrl.toString(),
  };
}
