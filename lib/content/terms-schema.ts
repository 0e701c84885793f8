// The shop's terms of sale (content/terms.json) and the rates of its approximate prices
// (content/rates.json): what a buyer agrees to, stated at every buy button, on /terms/, in the
// Product markup and recorded on each order.
import { z } from 'zod';
import { isoDate, matching, prose, template, text } from '@/lib/fields';

/** An app a buyer may edit in, with its install steps and the file it takes. */
const appGuideSchema = z.object({ name: text, file: prose, steps: z.array(prose).min(1) });

export const termsSchema = z.object({
  version: matching(/^[A-Za-z0-9.-]{1,40}$/, 'must be a short version, such as 2026-11', {
    hint: 'Change it whenever the refund or licence words change: each order records the version its buyer saw.',
  }),
  title: text,
  description: prose,
  heading: text,
  intro: z.array(prose).default([]),
  /** The studio's promise: a full refund within 14 days (the EU/UK right of withdrawal is 14). */
  refundDays: z.number().int().min(14, 'must be at least 14 days').max(365),
  atButton: z.object({
    heading: text,
    filesLabel: text,
    /** The files and the apps themselves are the product's words (its kind's file, `words`). */
    appsLabel: text,
    deliveryLabel: text,
    delivery: template('days', 'downloads'),
    refundLabel: text,
    refund: template('days'),
    payment: text,
    chargedIn: template('currency'),
    approximately: template('price'),
    termsLink: text,
  }),
  licence: z.object({
    heading: text,
    mayHeading: text,
    may: z.array(text).min(1).max(12),
    mayNotHeading: text,
    mayNot: z.array(text).min(1).max(12),
  }),
  /** The refund promise as the order e-mail repeats it. */
  emailRefund: template('days'),
  /** The sections of /terms/ after the licence; {days}, {downloads}, {refundDays} are filled in. */
  sections: z.array(z.object({ heading: text, paragraphs: z.array(prose).min(1) })).min(1),
  appGuide: z.object({
    heading: text,
    intro: prose,
    apps: z.array(appGuideSchema).min(1),
  }),
});

export const ratesSchema = z.object({
  date: isoDate('the day the rates were taken'),
  rates: z
    .array(
      z.object({
        currency: matching(/^[A-Z]{3}$/, 'must be an ISO 4217 code, such as INR'),
        perUnit: z
          .number()
          .positive('must be more than 0')
          .meta({
            cms: {
              value_type: 'float',
              hint: 'How much of it one unit of the shop currency buys.',
            },
          }),
        regions: z
          .array(matching(/^[A-Z]{2}$/, 'must be a two-letter region code, such as IN'))
          .min(1),
      }),
    )
    .min(1),
});

/** Rates older than this many days make the build warn. */
export const RATES_STALE_DAYS = 60;

/** How many whole days ago the rates were taken. */
export const ratesAgeDays = (date: string, now: number) =>
  Math.floor((now - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);

export type Terms = z.output<typeof termsSchema>;
export type Rates = z.output<typeof ratesSchema>;
