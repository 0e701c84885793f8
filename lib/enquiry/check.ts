// What is wrong with an enquiry before it is sent, in the order of the form: each problem names the
// input it is about (the error summary links to it) and says how to put it right.
import type { ContactField, EnquiryCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { checkDate, type CalendarDate } from './dates';
import type { Enquiry, EnquiryEvent } from './model';

export type Section = 'about' | 'events' | 'coverage' | 'message';

/** The ids of the form's inputs, shared by the form and the error summary. */
export const inputId = {
  field: (name: string) => `contact-${name}`,
  event: (event: Pick<EnquiryEvent, 'id'>, part: string) => `event-${event.id}-${part}`,
  country: 'enquiry-country',
};

/** Where a spec field is asked: the wedding's place with the events, the message last. */
export const sectionOf = (name: string): Section =>
  name === 'cityCountry' ? 'events' : name === 'message' ? 'message' : 'about';

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
      if (sectionOf(field.name) !== section || field.name === 'eventDate') continue;
      const value = (enquiry.fields[field.name] ?? '').trim();
      const id = inputId.field(field.name);
      if (field.required && !value) found.push({ id, section, message: field.missing! });
      else if (field.type === 'email' && value && !EMAIL.test(value))
        found.push({ id, section, message: copy.errors.emailInvalid });
    }
  };
  fieldProblems('about');
  fieldProblems('events');
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
  if (!enquiry.country)
    found.push({ id: inputId.country, section: 'coverage', message: copy.errors.country });
  fieldProblems('message');
  return found;
}
