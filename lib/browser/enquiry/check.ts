// What is wrong with an enquiry before it is sent, in the order of the form: each problem names the
// input it is about (the error summary links to it) and says how to put it right.
import type { ContactField, EnquiryCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { checkDate, type CalendarDate } from './dates';
import type { Enquiry, EnquiryEvent } from './model';

export type Section = 'about' | 'events' | 'message';

/** The ids of the form's inputs, shared by the form and the error summary. */
export const inputId = {
  field: (name: string) => `contact-${name}`,
  event: (event: Pick<EnquiryEvent, 'id'>, part: string) => `event-${event.id}-${part}`,
  country: 'enquiry-country',
  otherCountry: 'enquiry-other-country',
};

/**
 * The spec fields the form makes rather than asks (submission.ts): eventDate from the first
 * event's date, cityCountry from the events' cities and the country, asked once.
 */
const MADE = new Set(['eventDate', 'cityCountry']);
export const isAsked = (field: Pick<ContactField, 'name'>) => !MADE.has(field.name);

/** Where a fixed field is asked: the message last, the rest about the couple. */
export const sectionOf = (name: string): Section => (name === 'message' ? 'message' : 'about');

export type Problem = { id: string; message: string; section: Section };

/** An address Formspree takes: something@something.something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function problems(
  enquiry: Enquiry,
  fields: ContactField[],
  copy: EnquiryCopy,
  today: CalendarDate,
): Problem[] {
  const found: Problem[] = [];
  const fieldProblems = (section: Section) => {
    for (const field of fields) {
      if (sectionOf(field.name) !== section || !isAsked(field)) continue;
      const value = (enquiry.fields[field.name] ?? '').trim();
      const id = inputId.field(field.name);
      if (field.required && !value) found.push({ id, section, message: field.missing! });
      else if (field.type === 'email' && value && !EMAIL.test(value))
        found.push({ id, section, message: copy.errors.emailInvalid });
    }
  };
  fieldProblems('about');
  if (!enquiry.country)
    found.push({ id: inputId.country, section: 'events', message: copy.errors.country });
  else if (enquiry.country === copy.country.elsewhere && !enquiry.otherCountry.trim())
    found.push({ id: inputId.otherCountry, section: 'events', message: copy.errors.otherCountry });
  enquiry.events.forEach((event, index) => {
    const n = index + 1;
    const add = (part: string, message: string) =>
      found.push({
        id: inputId.event(event, part),
        section: 'events',
        message: fillIn(message, { n }),
      });
    if (!event.kind) add('kind', copy.errors.eventKind);
    const date = checkDate(event, today);
    if (date.kind === 'incomplete') add('day', copy.errors.dateIncomplete);
    if (date.kind === 'impossible') add('day', copy.errors.dateImpossible);
    if (date.kind === 'past') add('day', copy.errors.datePast);
    if (!event.city.trim()) add('city', copy.errors.eventCity);
    if (event.guests.trim() && !/^\d{1,5}$/.test(event.guests.trim()))
      add('guests', copy.errors.guests);
  });
  fieldProblems('message');
  return found;
}
