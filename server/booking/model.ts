// What the studio proposes (the request its page sends, checked here) and what the service keeps
// of it: the couple, who signs, each event and its price, the retainer and the schedule's rule,
// the currency, and the tax of the wedding's place as it stood when the proposal was made.
import { z } from 'zod';
import { isCountry } from '@/lib/shared/countries';
import { minorUnit, PAYPAL_CURRENCIES } from '@/lib/shared/money';
import { isOneAddress } from '../paypal/custom-id';

/** A value on one line: a name, a venue (no line break can print as a line of its own). */
export const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, 'must be one line');
const address = z
  .string()
  .trim()
  .max(254)
  .refine((value) => isOneAddress(value), 'must be one e-mail address');

export const EVENT_ID = /^e[0-9]{1,3}$/;

const eventSchema = z.strictObject({
  id: z.string().regex(EVENT_ID, 'must be e1, e2, …'),
  kind: line(40),
  name: line(80),
  date: z.iso.date('must be a date, as YYYY-MM-DD'),
  venue: z.string().trim().max(120),
  city: line(80),
  coverage: line(120),
  delivers: z.string().trim().max(400),
  priceCents: z.number().int().min(0).max(100_000_000),
});

/** A proposal's fields as the studio's page sends them. */
const proposalFields = z.strictObject({
  couple: line(120),
  signers: z
    .array(z.strictObject({ name: line(120), email: address }))
    .min(1)
    .max(2),
  events: z.array(eventSchema).min(1).max(12),
  currency: z
    .string()
    .refine((code) => PAYPAL_CURRENCIES.includes(code), 'must be a currency PayPal takes'),
  place: z.strictObject({
    country: z.string().refine((code) => isCountry(code), 'must be a country code, such as CA'),
    region: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  }),
  retainerCents: z.number().int().min(0),
  balanceDaysBefore: z.number().int().min(0).max(365),
  /** The studio's own words for the couple, shown above the events. */
  note: z.string().trim().max(2000).default(''),
});

/** A proposal as the studio's page sends it. */
export const proposalInputSchema = proposalFields.superRefine((proposal, ctx) => {
  const ids = proposal.events.map((event) => event.id);
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: 'custom', path: ['events'], message: 'must not name an event twice' });
  }
  const unit = minorUnit(proposal.currency);
  const amounts: [(string | number)[], number][] = [
    [['retainerCents'], proposal.retainerCents],
    ...proposal.events.map((event, index): [(string | number)[], number] => [
      ['events', index, 'priceCents'],
      event.priceCents,
    ]),
  ];
  for (const [path, cents] of amounts) {
    if (cents % unit !== 0) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `must be whole ${proposal.currency}: the currency has no cents`,
      });
    }
  }
  const emails = proposal.signers.map((signer) => signer.email.toLowerCase());
  if (new Set(emails).size !== emails.length) {
    ctx.addIssue({ code: 'custom', path: ['signers'], message: 'must be two addresses' });
  }
});

export type ProposalInput = z.output<typeof proposalInputSchema>;

/** The tax on the wedding as content/tax.json sets it for its place, frozen with the proposal. */
const weddingTaxSchema = z.object({
  name: z.string(),
  ratePercent: z.number(),
  place: z.string(),
  number: z.string(),
  /** The scheme and place of the quarter's report (server/tax/report.ts). */
  scheme: z.string(),
  schemeName: z.string(),
  /** The currency of the scheme's return (proposals made before it was kept have none). */
  schemeCurrency: z.string().optional(),
  country: z.string(),
  region: z.string().nullable(),
});
export type WeddingTax = z.output<typeof weddingTaxSchema>;

/**
 * A proposal as the service keeps it: its JSON column read back through this. The shape only,
 * not the input's rules, so that a rule made stricter later never stops an older booking opening.
 */
export const proposalSchema = z.object({
  couple: z.string(),
  signers: z.array(z.object({ name: z.string(), email: z.string() })),
  events: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      name: z.string(),
      date: z.string(),
      venue: z.string(),
      city: z.string(),
      coverage: z.string(),
      delivers: z.string(),
      priceCents: z.number(),
    }),
  ),
  currency: z.string(),
  place: z.object({ country: z.string(), region: z.string().optional() }),
  retainerCents: z.number(),
  balanceDaysBefore: z.number(),
  note: z.string(),
  tax: weddingTaxSchema.nullable(),
});
export type Proposal = z.output<typeof proposalSchema>;

/** A proposal's JSON column, read back. */
export const readProposal = (text: string): Proposal => proposalSchema.parse(JSON.parse(text));

/** Payments made another way than PayPal, as the studio records them. */
export const OTHER_METHODS = ['etransfer', 'bank', 'cash'] as const;
export type PaymentMethod = 'paypal' | (typeof OTHER_METHODS)[number];
