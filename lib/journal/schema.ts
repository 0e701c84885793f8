import { z } from 'zod';
import { pageCopySchema } from '@/lib/content/schema';
import { externalUrl, imageSchema, matching, prose, slug, template, text } from '@/lib/fields';

/** Where the posts are: one Markdown file per wedding. */
export const JOURNAL_DIR = 'content/journal';

/** The traditions a post can be filed under (the journal's filter, in this order). */
export const traditions = [
  'Sikh',
  'Hindu',
  'Muslim',
  'Christian',
  'Jain',
  'Parsi',
  'Fusion',
  'Civil',
] as const;

/** A calendar date, written as the editor's date picker writes it: 2026-06-14. */
const isoDate = matching(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD', {
  widget: 'datetime',
  format: 'YYYY-MM-DD',
  date_format: 'YYYY-MM-DD',
  time_format: false,
  picker_utc: true,
}).refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, 'is not a date in the calendar');

const photoSchema = imageSchema.extend({
  caption: text.optional().meta({ cms: { hint: 'Shown under the photo in the viewer.' } }),
});

export const journalEventSchema = z.object({
  kind: text.meta({
    cms: {
      // The enquiry's event kinds (content/contact.json), so a post's "Planning a wedding at…"
      // link pre-fills the enquiry with a kind it offers.
      widget: 'relation',
      collection: 'pages',
      file: 'contact',
      search_fields: ['enquiry.eventKinds.*.label'],
      display_fields: ['enquiry.eventKinds.*.label'],
      value_field: 'enquiry.eventKinds.*.value',
      hint: 'One of the enquiry form’s events (Sangeet, Mehndi, …).',
    },
  }),
  name: text.optional().meta({
    cms: {
      hint: 'What the family called it, if not the kind’s name: "Anand Karaj", "Nikah", "Pheras".',
    },
  }),
  date: isoDate,
  venue: text.meta({ cms: { hint: 'As couples search for it: "Gurdwara Dasmesh Darbar".' } }),
  city: text.meta({ cms: { hint: 'The city alone: "Surrey". Each city has its own page.' } }),
  placeOfWorship: z
    .boolean()
    .default(false)
    .meta({ cms: { hint: 'A gurdwara, temple, mosque or church.' } }),
  photos: z.array(photoSchema).min(1),
});

export const vendorSchema = z.object({
  role: text.meta({ cms: { hint: 'What they did: "Decor", "Makeup", "Caterer".' } }),
  name: text,
  url: externalUrl.optional(),
});

/** The wedding's film, shown with the site's YouTube facade (nothing loads from YouTube until play). */
const postFilmSchema = z.object({
  title: text,
  youtubeId: matching(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id', {
    label: 'YouTube id',
    hint: 'The part after v= in the film’s YouTube address.',
  }),
  poster: imageSchema.meta({ cms: { hint: 'A still of the film, landscape.' } }),
});

/** The couple's own words about the day. */
const quoteSchema = z.object({
  text: prose,
  by: text.optional().meta({ cms: { hint: 'Left empty, the couple’s names.' } }),
});

/** "What we made": the coverage as a couple would compare it. */
const madeSchema = z.object({
  days: z.number().int().min(1).max(14),
  hours: z.number().int().min(1).max(200),
  deliverables: z
    .array(text)
    .min(1)
    .meta({ cms: { hint: 'One each: "A 6-minute film", "650 edited photographs", "An album".' } }),
});

/** A journal post's front matter (content/journal/*.md); its Markdown body is the story. */
export const journalPostSchema = z
  .object({
    sample: z
      .boolean()
      .default(false)
      .meta({
        cms: {
          hint: 'A sample written to show the journal (its photos are painted by the build): replace it with a real wedding. Not shown to visitors.',
        },
      }),
    couple: text.meta({ cms: { hint: 'First names: "Simran & Arjun".' } }),
    tradition: z.enum(traditions),
    title: text.optional().meta({
      cms: {
        hint: 'Left empty, the title is made from the facts: "Sikh wedding at Gurdwara Dasmesh Darbar, Surrey: Simran & Arjun".',
      },
    }),
    slug: slug(
      'The address, /journal/<slug>/. Left empty, it is made from the tradition, venue and city.',
    ).optional(),
    summary: prose.max(300, 'must be at most 300 characters (search results show about 160)'),
    published: isoDate,
    updated: isoDate.optional(),
    cover: imageSchema.meta({
      cms: { hint: 'The wide first picture, at least 1200 pixels wide, landscape.' },
    }),
    events: z.array(journalEventSchema).min(1).max(10),
    film: postFilmSchema.optional(),
    quote: quoteSchema.optional(),
    made: madeSchema.optional(),
    vendors: z.array(vendorSchema).default([]),
  })
  .superRefine((post, ctx) => {
    if (post.updated && post.updated < post.published) {
      ctx.addIssue({ code: 'custom', path: ['updated'], message: 'is before "published"' });
    }
  });

export type JournalFrontMatter = z.output<typeof journalPostSchema>;
export type Tradition = (typeof traditions)[number];

/** The journal's words (content/journal.json); a post's own words are in its file. */
export const journalCopySchema = z.object({
  page: pageCopySchema,
  city: z.object({
    title: template('city'),
    description: template('city'),
    heading: template('city'),
  }),
  filter: z.object({ legend: text, all: text }),
  eventsHeading: text,
  vendorsHeading: text,
  published: template('date'),
  updated: template('date'),
  filmHeading: text,
  madeHeading: text,
  made: z.object({ days: template('n'), day: text, hours: template('n') }),
  relatedHeading: text,
  enquiry: z.object({ heading: template('venue'), text: prose, link: text }),
  feedTitle: text,
  allCities: text,
  /** How the photographs may be used: the licence page of their structured data (#licence). */
  licence: prose,
});

export type JournalCopy = z.output<typeof journalCopySchema>;
