// Tax included in the price (docs/site.md, "Tax"): which of the studio's schemes covers a buyer's
// place, and how much of a price paid there is tax. One for the browser (the checkout's "Includes
// VAT" line) and the service (the split PayPal and the order record carry), with no zod and no
// content, as lib/shared/order.ts. The table itself is content (lib/content/tax-schema.ts), whose
// types these are.

import type { Tax } from '@/lib/content/tax-schema';
import { fillIn } from './copy';
import { formatPrice, minorUnit } from './money';

/**
 * The studio's tax table as the catalogue publishes it: content/tax.json's schema's output
 * (lib/content/tax-schema.ts, imported as a type: nothing of it reaches a bundle), less `sample`,
 * which only the build reads.
 */
export type TaxTable = Pick<Tax, 'checked' | 'words'> & { schemes: TaxScheme[] };
export type TaxScheme = Omit<Tax['schemes'][number], 'sample'>;
/** A place a scheme covers, at its standard rate in percent. */
export type TaxPlace = TaxScheme['places'][number];
/** What the checkout, the receipt and the e-mail say of tax (content/tax.json `words`). */
export type TaxWords = Tax['words'];

/** What VIES said of a business buyer's VAT number: registered, not, or no answer. */
export const VAT_CHECKS = ['valid', 'invalid', 'unavailable'] as const;
export type VatCheck = (typeof VAT_CHECKS)[number];

/** A business buyer's VAT number and what VIES said of it. */
export type BusinessBuyer = { number: string; check: VatCheck };

/**
 * The tax an order's total includes, as its receipt and e-mail state it: the tax's name, rate and
 * place, the scheme and its registration number, and the amount.
 */
export type TaxStatement = {
  tax: string;
  rate: number;
  place: string;
  scheme: string;
  number: string;
  cents: number;
  /** The buyer's VAT number: reverse-charged where VIES confirmed it (`cents` is then 0). */
  business?: BusinessBuyer;
  /**
   * A sale reverse-charged to a business is priced net of the VAT a consumer's price there
   * includes (orders from before were sold at the consumer's price).
   */
  pricedNet?: true;
};

/** Where the buyer is: a country (ISO 3166-1 alpha-2) and, where the rate depends on it, a region. */
export type Place = { country: string; region?: string | null };

/** What the shop does for a buyer there. */
export type TaxRule =
  /** No scheme of the studio covers the place: the price includes no tax. */
  | { kind: 'untaxed' }
  /** The law asks the studio to register and it has not yet: the shop cannot sell there. */
  | { kind: 'closed'; scheme: TaxScheme }
  /** The rate depends on a region the buyer has not given (a Canadian province). */
  | { kind: 'region-needed'; scheme: TaxScheme; regions: TaxPlace[] }
  /** The price includes this tax at this rate. */
  | { kind: 'taxed'; scheme: TaxScheme; place: TaxPlace; tax: string; rate: number };

export function taxRule(table: TaxTable | null | undefined, where: Place): TaxRule {
  const scheme = table?.schemes.find((s) => s.places.some((p) => p.country === where.country));
  if (!scheme) return { kind: 'untaxed' };
  if (!scheme.registered) return { kind: 'closed', scheme };
  const places = scheme.places.filter((p) => p.country === where.country);
  const place = places.find((p) => !p.region || p.region === where.region);
  if (!place) return { kind: 'region-needed', scheme, regions: places };
  return { kind: 'taxed', scheme, place, tax: place.tax ?? scheme.tax, rate: place.rate };
}

/**
 * What keeps a buyer from the next step, in the table's words: no country chosen; a place the shop
 * cannot sell to yet (said at once, before any order exists at PayPal); no province where the
 * rate depends on it.
 */
export function placeProblems(
  table: TaxTable,
  where: Place,
  studioEmail: string,
): { country?: string; region?: string } {
  if (!where.country) return { country: table.words.chooseCountry };
  const rule = taxRule(table, where);
  if (rule.kind === 'closed') {
    const place = rule.scheme.places.find((each) => each.country === where.country)!;
    return { country: fillIn(table.words.closed, { place: place.name, email: studioEmail }) };
  }
  if (rule.kind === 'region-needed') return { region: table.words.chooseRegion };
  return {};
}

/** A stored statement read back (a receipt in session storage): of the shape it was written. */
export const isTaxStatement = (value: unknown): value is TaxStatement => {
  const statement = value as Partial<TaxStatement> | null;
  return (
    typeof statement === 'object' &&
    statement !== null &&
    ['tax', 'place', 'scheme', 'number'].every(
      (key) => typeof statement[key as keyof TaxStatement] === 'string',
    ) &&
    Number.isFinite(statement.rate) &&
    Number.isInteger(statement.cents) &&
    (statement.pricedNet === undefined || statement.pricedNet === true) &&
    (statement.business === undefined ||
      (typeof statement.business?.number === 'string' &&
        (VAT_CHECKS as readonly string[]).includes(statement.business.check)))
  );
};

/** Whether a business's VAT number is reverse-charged there (an EU scheme's taxed place). */
export const reverseCharges = (
  rule: TaxRule | null | undefined,
): rule is Extract<TaxRule, { kind: 'taxed' }> =>
  rule?.kind === 'taxed' && rule.scheme.reverseCharge;

/** Whether the buyer's place lets a business give a VAT number (an EU scheme that reverse-charges). */
export const takesVatNumber = (table: TaxTable | null | undefined, where: Place) =>
  reverseCharges(taxRule(table, where));

/**
 * What the checkout, the receipt and the e-mail say of a business buyer's VAT number: reverse
 * charged, or why the price includes VAT as for a consumer.
 */
export const businessLine = (
  words: Pick<TaxWords, 'reverseCharged' | 'vatNumberInvalid' | 'vatNumberUnchecked'>,
  { number, check }: BusinessBuyer,
) =>
  fillIn(
    check === 'valid'
      ? words.reverseCharged
      : check === 'invalid'
        ? words.vatNumberInvalid
        : words.vatNumberUnchecked,
    { number },
  );

/** The regions a country is listed by (Canada's provinces), or none where one rate covers it. */
export const regionsOf = (table: TaxTable | null | undefined, country: string): TaxPlace[] =>
  (table?.schemes ?? []).flatMap((s) => s.places.filter((p) => p.country === country && p.region));

/**
 * The tax a price paid includes at `rate` percent: gross × rate / (100 + rate), rounded half up
 * to the currency's smallest amount (`unit` cents: 100 for yen).
 */
export function includedTax(grossCents: number, rate: number, unit = 1): number {
  return Math.round((grossCents * rate) / (100 + rate) / unit) * unit;
}

/**
 * Each line's share of a discount taken off the gross, in proportion to its price, in whole
 * `unit`s; the cents left by rounding go to the largest remainders, so the shares add up.
 */
export function discountShares(grossCents: readonly number[], discountCents: number, unit = 1) {
  const total = grossCents.reduce((sum, cents) => sum + cents, 0);
  if (discountCents === 0 || total === 0) return grossCents.map(() => 0);
  const exact = grossCents.map((cents) => (cents * discountCents) / total / unit);
  const shares = exact.map(Math.floor);
  let left = discountCents / unit - shares.reduce((sum, share) => sum + share, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  order.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares.map((share) => share * unit);
}

/**
 * A priced order's tax, line by line: each line's tax is what its price less its share of the
 * discount includes, and its net is its price less that tax (PayPal's `unit_amount` beside its
 * `tax`), so the nets and taxes add up to the catalogue total and the amount paid is
 * net + tax − discount, as shown.
 */
export function splitTax(
  grossCents: readonly number[],
  discountCents: number,
  rate: number,
  unit = 1,
): { taxCents: number[]; netCents: number[]; totalTaxCents: number } {
  const shares = discountShares(grossCents, discountCents, unit);
  const taxCents = grossCents.map((cents, index) =>
    includedTax(cents - shares[index]!, rate, unit),
  );
  return {
    taxCents,
    netCents: grossCents.map((cents, index) => cents - taxCents[index]!),
    totalTaxCents: taxCents.reduce((sum, cents) => sum + cents, 0),
  };
}

/** A rate as people write it: "19 %", "25.5 %". */
export const formatRate = (rate: number) => `${Number(rate.toFixed(3))} %`;

/** "Includes VAT (Germany, 19 %): $6.38", beside the order at the checkout. */
export const includedLine = (
  words: Pick<TaxWords, 'included'>,
  rule: Extract<TaxRule, { kind: 'taxed' }>,
  cents: number,
  currency: string,
) =>
  fillIn(words.included, {
    tax: rule.tax,
    place: rule.place.name,
    rate: formatRate(rule.rate),
    amount: formatPrice(cents, currency),
  });

/**
 * A business's lines, where VIES confirmed its number: each price net of the VAT a consumer's
 * price there includes (39.99 less 19 % VAT's 6.38: 33.61), as the service sells them at PayPal.
 */
export const pricedNet = <Line extends { priceCents: number }>(
  lines: readonly Line[],
  rate: number,
  currency: string,
): Line[] =>
  lines.map((line) => ({
    ...line,
    priceCents: line.priceCents - includedTax(line.priceCents, rate, minorUnit(currency)),
  }));

/** "Prices net of VAT (Germany, 19 %)", where a reverse-charged sale is priced net. */
export const netOfLine = (
  words: Pick<TaxWords, 'netOf'>,
  of: { tax: string; place: string; rate: number },
) => fillIn(words.netOf, { tax: of.tax, place: of.place, rate: formatRate(of.rate) });

/** The words the receipt and the e-mail state an order's tax with. */
export type StatementWords = Pick<
  TaxWords,
  'line' | 'number' | 'reverseCharged' | 'vatNumberInvalid' | 'vatNumberUnchecked' | 'netOf'
>;

/**
 * The receipt's and the e-mail's lines: "VAT 19 % (Germany) included: $6.38", then the scheme's
 * registration number, then why a business buyer's number was not reverse-charged; or for a
 * number VIES confirmed, "Prices net of VAT (Germany, 19 %)" and "VAT reverse charged: …".
 */
export function statementLines(words: StatementWords, statement: TaxStatement, currency: string) {
  const { business } = statement;
  if (business?.check === 'valid') {
    return [
      ...(statement.pricedNet ? [netOfLine(words, statement)] : []),
      businessLine(words, business),
    ];
  }
  return [
    fillIn(words.line, {
      tax: statement.tax,
      rate: formatRate(statement.rate),
      place: statement.place,
      amount: formatPrice(statement.cents, currency),
    }),
    fillIn(words.number, { scheme: statement.scheme, number: statement.number }),
    ...(business ? [businessLine(words, business)] : []),
  ];
}
