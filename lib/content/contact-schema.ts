// The contact page's content (content/contact.json): its fields and the qualifying enquiry.
import { z } from 'zod';
import { matching, prose, template, text } from '@/lib/fields';

/** The currencies the enquiry shows budgets and starting prices in. */
export const enquiryCurrencies = ['CAD', 'INR', 'USD'] as const;
const perCurrency = <T extends z.ZodType>(value: T) =>
  z.object({ CAD: value, INR: value, USD: value });
const amount = z.number().int().positive();
const startingPrice = perCurrency(z.object({ perEvent: amount, perDay: amount }));

/** The qualifying enquiry around the fixed fields (components/enquiry/enquiry-form.tsx). */
const enquirySchema = z.object({
  sections: z.object({ about: text, events: text, message: text }),
  eventsIntro: prose,
  event: z.object({
    legend: template('n'),
    of: template('count'),
    kind: text,
    date: text,
    dateHint: text,
    day: text,
    month: text,
    year: text,
    city: text,
    venue: text,
    venueHint: text,
    guests: text,
    coverage: text,
    add: text,
    remove: text,
    removed: template('n'),
    max: text,
  }),
  eventKinds: z
    .array(
      z.object({
        value: matching(/^[a-z]+(-[a-z]+)*$/, 'must be lowercase words joined by "-"', {
          hint: 'What links use: /contact/?event=sangeet',
        }),
        label: text,
        names: z
          .array(text)
          .default([])
          .meta({
            cms: {
              hint: 'What families call it, each offered on its own: "Anand Karaj", "Pheras", "Nikah".',
            },
          }),
        /**
         * How a sentence names it, or one of its names, where "a" or "an" before it reads wrong:
         * "We've started with the Pheras at Hindu Sabha Mandir".
         */
        inSentences: z
          .array(z.object({ name: text, sentence: text }))
          .default([])
          .meta({
            cms: {
              hint: 'Only where "a" or "an" reads wrong: name "Pheras", sentence "the Pheras".',
            },
          }),
      }),
    )
    .min(1),
  coverage: z.object({ photo: text, film: text, both: text }),
  country: z.object({ label: text, hint: text, elsewhere: text, other: text }),
  countries: z.array(z.object({ name: text, currency: z.enum(enquiryCurrencies) })).min(1),
  budget: z.object({ label: text, notSure: text, bands: perCurrency(z.array(text).min(1)) }),
  startingPrices: z.object({ photo: startingPrice, film: startingPrice, both: startingPrice }),
  /** "Are you free on our dates?", from content/availability.json. */
  availability: z.object({
    free: text,
    oneTeam: text,
    booked: text,
    /** Said with the estimate, naming the events on days the studio's list marks. */
    bookedEvents: template('events'),
    oneTeamEvents: template('events'),
  }),
  prefill: z.object({
    started: template('event'),
    at: template('venue'),
    from: template('couple'),
    change: text,
  }),
  titles: z.object({ error: template('title'), check: template('title'), sent: template('title') }),
  checkLabel: text,
  check: z.object({
    heading: text,
    intro: text,
    change: text,
    none: text,
    undated: text,
    guests: template('n'),
  }),
  draft: z.object({ restored: text, startAgain: text, cleared: text, undo: text }),
  errors: z.object({
    summary: text,
    emailInvalid: text,
    eventKind: template('n'),
    eventCity: template('n'),
    dateIncomplete: template('n'),
    dateImpossible: template('n'),
    datePast: template('n'),
    guests: template('n'),
    country: text,
    otherCountry: text,
  }),
  reply: z.object({
    greeting: template('name'),
    returning: template('date'),
    startNew: text,
    timeline: text,
    estimate: template('events', 'days', 'total'),
    estimateUndated: template('events', 'total'),
    estimateBasis: prose,
    quoted: text,
    book: text,
    bookIntro: text,
    promise: text,
    phone: template('phone'),
    copied: template('email'),
    notCopied: text,
    save: text,
  }),
  subject: template('names', 'date', 'city'),
});

export const contactSchema = z.object({
  phoneLabel: text,
  fields: z
    .array(
      z
        .object({
          name: matching(/^[a-zA-Z]+$/, 'must be letters only, as Formspree receives it'),
          label: text,
          type: z.enum(['text', 'email', 'tel', 'select', 'textarea']),
          required: z.boolean(),
          hint: text.optional(),
          placeholder: text.optional(),
          autoComplete: text.optional(),
          options: z.array(text).optional(),
          errorPrefix: text.optional(),
          /** What the form says when a required field is left empty. */
          missing: text.optional(),
        })
        .refine((field) => !field.required || field.missing, {
          error: 'a required field needs its "missing" message',
          path: ['missing'],
        }),
    )
    .min(1),
  submitLabel: text,
  success: text,
  networkError: text,
  enquiry: enquirySchema,
});

export type Contact = z.output<typeof contactSchema>;
export type ContactField = Contact['fields'][number];
export type EnquiryCopy = Contact['enquiry'];
export type EnquiryCurrency = (typeof enquiryCurrencies)[number];
