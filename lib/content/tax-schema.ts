// The tax schemes the studio sells under (content/tax.json, "Tax" in the editor): each with its
// registration number, the places it covers and the standard rate of each place for electronically
// supplied services. One price everywhere, tax included where it is owed (docs/site.md, "Tax").
import { z } from 'zod';
import { EU_MEMBER_STATES } from '@/lib/shared/vat-number';
import { isoDate, matching, template, text } from '@/lib/fields';

const place = z.object({
  country: matching(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166-1), such as DE'),
  /** A province or state, where the rate depends on it (Canada): the checkout then asks for it. */
  region: matching(/^[A-Z0-9]{1,3}$/, 'must be the code of a province or state, such as ON', {
    hint: 'Only where the rate depends on the province or state; the checkout then asks for it.',
  }).optional(),
  /** As the checkout and the receipt name it: "Germany", "Ontario". */
  name: text,
  /** The standard rate for electronically supplied services, in percent. */
  rate: z
    .number()
    .min(0, 'must be a rate from 0 to 30 %')
    .max(30, 'must be a rate from 0 to 30 %')
    .meta({ cms: { value_type: 'float', hint: 'In percent: 19 for 19 %.' } }),
  /** The tax's name where it is not the scheme's ("HST" in Ontario under GST/HST). */
  tax: text.max(20).optional(),
});

const scheme = z.object({
  /** Permanent: orders and the quarter's report name the scheme by it. */
  id: matching(/^[a-z0-9-]{1,40}$/, 'must be a short id in lower case, such as eu-oss'),
  /** As the report and the README name it: "EU VAT, non-Union OSS". */
  name: text,
  /**
   * The registration number as a buyer reads it on the receipt and in the e-mail: "the studio's EU
   * VAT number" (the scheme's own name is the studio's report's). The scheme's name where empty.
   */
  numberName: text.max(60).optional(),
  /** The tax as the checkout and the receipt name it: "VAT", "IGST", "GST". */
  tax: text.max(20),
  /**
   * Whether the studio is registered. A scheme the law asks of the studio but that it has not
   * registered for yet stays listed, not registered: the checkout cannot sell in its places.
   */
  registered: z.boolean(),
  number: z.string().trim().max(40).default(''),
  /** A number made up to show the shape: the build warns while it is published. */
  sample: z.boolean().default(false),
  /** The currency the scheme's return is made in (EUR for the OSS). */
  currency: matching(/^[A-Z]{3}$/, 'must be an ISO 4217 code, such as EUR'),
  /**
   * Whether a business buyer's VAT number, confirmed by the EU's VIES service, is reverse-charged
   * (no VAT included: the business accounts for it). Only the EU's numbers can be checked there.
   */
  reverseCharge: z
    .boolean()
    .default(false)
    .meta({
      cms: {
        hint: 'EU schemes only: the checkout asks businesses for a VAT number and checks it.',
      },
    }),
  places: z.array(place).min(1),
});

/** What the checkout, the receipt and the e-mail say of tax. */
const words = z.object({
  /** Beside the order at the checkout: "Includes VAT (Germany, 19 %): $6.38". */
  included: template('tax', 'place', 'rate', 'amount'),
  /** On the receipt and in the e-mail: "VAT 19 % (Germany) included: $6.38". */
  line: template('tax', 'rate', 'place', 'amount'),
  /** After it: the scheme's registration number, under its `numberName`. */
  number: template('scheme', 'number'),
  /**
   * Beside a price, for a visitor whose browser's language names a place the shop taxes (the pack
   * pages, the tiles, the cart): "Includes VAT". No rate: the guess of the place may be wrong.
   */
  withPrice: template('tax'),
  /** At the top of the checkout's details: the place the tax follows, "Buying from Germany?". */
  buyingFrom: template('place'),
  /** The button beside it that takes the buyer to the country. */
  changePlace: text,
  /** At the checkout's first step, for a place whose scheme the studio has not registered for. */
  closed: template('place', 'email'),
  countryLabel: text,
  regionLabel: text,
  chooseCountry: text,
  chooseRegion: text,
  /** The optional field for a business buyer, in a scheme that reverse-charges. */
  vatNumberLabel: text,
  /** As the buyer types a number that is not one of their country's. */
  vatNumberFormat: template('number', 'place'),
  /** On the receipt and in the e-mail, for a number VIES confirmed. */
  reverseCharged: template('number'),
  /** Beside the tax line, for a number VIES does not know: charged as a consumer. */
  vatNumberInvalid: template('number'),
  /** Beside the tax line, when VIES did not answer: charged as a consumer. */
  vatNumberUnchecked: template('number'),
  /** On Continue, while VIES is asked. */
  vatNumberChecking: template('number'),
  /** At the payment step, before PayPal: VIES does not know the number. */
  vatNumberUnknown: template('number'),
  /** At the payment step, before PayPal: VIES did not answer, and what paying now means. */
  vatNumberUnavailable: template('number'),
  /** The button back to the number. */
  vatNumberCorrect: text,
  /** The button that asks VIES again. */
  vatNumberRetry: text,
  /**
   * Where VIES confirmed a business's number, its prices are net of the VAT a consumer's include:
   * "Prices net of VAT (Germany, 19 %)." at the checkout, on the receipt and in the e-mail.
   */
  netOf: template('tax', 'place', 'rate'),
});

export const taxSchema = z
  .object({
    checked: isoDate('the day the rates were last checked'),
    schemes: z.array(scheme),
    words,
  })
  .superRefine(({ schemes }, ctx) => {
    const where = new Map<string, string>();
    const ids = new Set<string>();
    schemes.forEach((entry, index) => {
      if (ids.has(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['schemes', index, 'id'],
          message: `duplicates "${entry.id}"`,
        });
      }
      ids.add(entry.id);
      if (entry.registered && !entry.number) {
        ctx.addIssue({
          code: 'custom',
          path: ['schemes', index, 'number'],
          message: 'must be the registration number of a scheme the studio is registered for',
        });
      }
      if (entry.reverseCharge && entry.places.some((p) => !EU_MEMBER_STATES.has(p.country))) {
        ctx.addIssue({
          code: 'custom',
          path: ['schemes', index, 'reverseCharge'],
          message: 'is for EU schemes only: VIES checks the VAT numbers of the 27 member states',
        });
      }
      const countries = new Set(entry.places.map((p) => p.country));
      for (const country of countries) {
        const other = where.get(country);
        if (other !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['schemes', index, 'places'],
            message: `names ${country}, which "${other}" covers already: a country is in one scheme`,
          });
        }
        where.set(country, entry.id);
      }
      entry.places.forEach((p, placeIndex) => {
        const same = entry.places.filter((q) => q.country === p.country);
        const issue = (message: string) =>
          ctx.addIssue({ code: 'custom', path: ['schemes', index, 'places', placeIndex], message });
        if (same.length > 1 && !p.region) {
          issue(`must name a region: ${p.country} is listed by region`);
        } else if (same.findIndex((q) => q.region === p.region) !== same.indexOf(p)) {
          issue(`duplicates ${p.country}${p.region ? `-${p.region}` : ''}`);
        }
      });
    });
  });

export type Tax = z.output<typeof taxSchema>;

/** Rates checked longer ago than this make the build warn. */
export const TAX_STALE_DAYS = 90;
