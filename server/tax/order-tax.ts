// The tax of an order: where the buyer is, from the evidence the service holds, and how much of
// what they paid is tax there (server/README.md, "Tax"). The price includes it, so the evidence
// settling after payment changes the split, never the amount.
import { minorUnit } from '@/lib/shared/money';
import type { OrderLine } from '@/lib/shared/order';
import { splitTax, taxRule, type TaxStatement, type TaxTable } from '@/lib/shared/tax';
import { reverseChargedTo, type PayPalOrder } from '../paypal/orders';
import { vatNumberCountry } from '@/lib/shared/vat-number';
import type { VatNumberCheck } from './vies';

/** What says where the buyer is: the country (and province) they gave, PayPal's, the CDN's. */
export type TaxEvidence = {
  /** The country the buyer chose at the checkout (ISO 3166-1 alpha-2); null from older pages. */
  given: string | null;
  /** The province or state they chose, where the rate depends on it. */
  givenRegion: string | null;
  /** The payer's country in PayPal's approved order; null until it is known. */
  paypal: string | null;
  /** PayPal's province or state of the payer, where it gives one. */
  paypalRegion: string | null;
  /** The visitor's country from the CDN's header, where TRUST_PROXY says a proxy is trusted. */
  cdn: string | null;
};

/**
 * The country whose tax applies: PayPal's once it is known (it has verified the payer's address
 * or card; a CDN's header is only a header); before, the buyer's word, else the CDN's.
 */
export function settledCountry({ given, paypal, cdn }: TaxEvidence): string | null {
  return paypal ?? given ?? cdn;
}

/**
 * The province whose rate applies in `country`, settled as the country is: PayPal's where PayPal
 * places the payer there and names one (by code or name: "ON", "Ontario"), else the buyer's.
 * 'unknown': none given, or one the table does not know (the studio settles it by hand, never
 * another province's rate); null: the country's rate does not depend on one.
 */
export function settledRegion(
  table: TaxTable | null | undefined,
  evidence: TaxEvidence,
  country: string,
): string | null | 'unknown' {
  const places = (table?.schemes ?? [])
    .flatMap((scheme) => scheme.places)
    .filter((place) => place.country === country && place.region);
  if (places.length === 0) return null;
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
  const read = (text: string) =>
    places.find((place) => fold(place.region!) === fold(text) || fold(place.name) === fold(text))
      ?.region ?? 'unknown';
  if (country === evidence.paypal && evidence.paypalRegion) return read(evidence.paypalRegion);
  if (country === evidence.given && evidence.givenRegion) return read(evidence.givenRegion);
  return 'unknown';
}

/**
 * What an order records of its tax: the evidence, the place settled from it and the scheme, rate
 * and amounts there (`taxCents` included in what was paid, `netCents` the rest). `scheme` is null
 * where no scheme of the studio covers the place (nothing included). `closed` marks a place whose
 * scheme the studio has not registered for, known only after payment (PayPal's country differed
 * from the one given): the studio settles it by hand. `business` is a business buyer's VAT number
 * and what VIES said of it; `reverseCharged`, that VIES confirmed it and the order includes no tax
 * (the business accounts for it; the OSS return leaves it out).
 */
export type OrderTax = {
  evidence: TaxEvidence;
  country: string | null;
  region: string | null;
  scheme: string | null;
  schemeName: string | null;
  /** The currency the scheme's return is made in (EUR for the OSS). */
  schemeCurrency?: string | null;
  /** The registration number as the buyer reads it ("The studio's EU VAT number"). */
  numberName?: string | null;
  number: string | null;
  tax: string | null;
  place: string | null;
  rate: number;
  taxCents: number;
  netCents: number;
  closed?: true;
  /**
   * The rate depends on a province no evidence names readably (PayPal's country differed from the
   * buyer's and named none, or one the table does not know): the country's lowest rate is
   * recorded, no province named, and the studio settles it by hand.
   */
  regionUnknown?: true;
  business?: VatNumberCheck;
  reverseCharged?: true;
  /** Reverse-charged at prices net of the VAT a consumer's include there (orders since). */
  pricedNet?: true;
};

/**
 * The tax of an order paying `grossCents` (its lines' prices) less `discountCents`. `pricedNet`:
 * a business's lines were priced net of the VAT, its number confirmed (`business`).
 */
export function orderTax(
  table: TaxTable | null | undefined,
  evidence: TaxEvidence,
  grossCents: readonly number[],
  discountCents: number,
  currency: string,
  business?: VatNumberCheck | null,
  pricedNet = false,
): OrderTax {
  // A business is where the VAT number VIES confirmed is registered, whatever else says.
  const country =
    business?.check === 'valid' ? vatNumberCountry(business.number) : settledCountry(evidence);
  const paidCents = grossCents.reduce((sum, cents) => sum + cents, 0) - discountCents;
  const settled = country ? settledRegion(table, evidence, country) : null;
  const region = settled === 'unknown' ? null : settled;
  const none = {
    evidence,
    country,
    region,
    scheme: null,
    schemeName: null,
    number: null,
    tax: null,
    place: null,
    rate: 0,
    taxCents: 0,
    netCents: paidCents,
  };
  if (!country) return none;
  const rule = taxRule(table, { country, region });
  if (rule.kind === 'untaxed') return none;
  const scheme = {
    scheme: rule.scheme.id,
    schemeName: rule.scheme.name,
    schemeCurrency: rule.scheme.currency,
    number: rule.scheme.number,
    numberName: rule.scheme.numberName ?? null,
  };
  if (rule.kind === 'closed') {
    const place = rule.scheme.places.find((each) => each.country === country)?.name ?? null;
    return { ...none, ...scheme, place, closed: true };
  }
  const checked = business && rule.scheme.reverseCharge ? { business } : {};
  // A province no evidence names readably: the lowest rate of the country (the federal one),
  // under the country's name, and the studio settles it by hand.
  const place =
    rule.kind === 'taxed'
      ? rule.place
      : {
          ...rule.regions.reduce((low, each) => (each.rate < low.rate ? each : low)),
          name: new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country,
        };
  const reverseCharged = checked.business?.check === 'valid';
  const { totalTaxCents } = reverseCharged
    ? { totalTaxCents: 0 }
    : splitTax(grossCents, discountCents, place.rate, minorUnit(currency));
  return {
    ...none,
    ...scheme,
    region: rule.kind === 'taxed' ? (place.region ?? null) : null,
    tax: place.tax ?? rule.scheme.tax,
    place: place.name,
    rate: place.rate,
    taxCents: totalTaxCents,
    netCents: paidCents - totalTaxCents,
    ...checked,
    ...(rule.kind === 'taxed' ? {} : { regionUnknown: true as const }),
    ...(reverseCharged ? { reverseCharged: true as const } : {}),
    ...(reverseCharged && pricedNet ? { pricedNet: true as const } : {}),
  };
}

/** PayPal's evidence of where the payer is, from its order (none before the buyer approves). */
export function paypalPlace(order: PayPalOrder): Pick<TaxEvidence, 'paypal' | 'paypalRegion'> {
  const address = order.payer?.address;
  const country = address?.country_code;
  return {
    paypal: country && /^[A-Z]{2}$/.test(country) ? country : null,
    paypalRegion: address?.admin_area_1?.trim().toUpperCase() || null,
  };
}

/**
 * The tax of an order settled again once PayPal's approved order names the payer's country: the
 * same amounts where the place is the same, else the new place's split of the same total.
 */
export function settledTax(
  table: TaxTable | null | undefined,
  recorded: OrderTax,
  order: PayPalOrder,
  lines: readonly Pick<OrderLine, 'priceCents'>[],
  discountCents: number,
  currency: string,
): OrderTax {
  const evidence = { ...recorded.evidence, ...paypalPlace(order) };
  // The same place: the split the order was sold with stands (a rate edited since changes nothing).
  // A VAT number VIES confirmed places the business where it is registered, whatever PayPal says.
  const country = settledCountry(evidence);
  const region = country && settledRegion(table, evidence, country);
  const samePlace =
    country === recorded.country &&
    (region === null || (region === recorded.region && !recorded.regionUnknown));
  if (recorded.reverseCharged || samePlace) return { ...recorded, evidence };
  const gross = lines.map((line) => line.priceCents);
  return orderTax(table, evidence, gross, discountCents, currency, recorded.business);
}

/**
 * The tax of an order known only from PayPal's record (restored after a database loss, or
 * created by a browser): from the payer's country PayPal gives, and, for an order sold
 * reverse-charged, the VAT number its description names (VIES confirmed it when it was sold).
 */
export function taxFromPayPal(
  table: TaxTable | null | undefined,
  order: PayPalOrder,
  lines: readonly Pick<OrderLine, 'priceCents'>[],
  discountCents: number,
  currency: string,
): OrderTax {
  const unit = order.purchase_units?.[0];
  const sold = unit && !unit.amount.breakdown?.tax_total ? reverseChargedTo(unit) : null;
  const business: VatNumberCheck | null = sold
    ? {
        number: sold.number,
        check: 'valid',
        checkedAt: order.create_time ?? '',
        consultation: null,
      }
    : null;
  return orderTax(
    table,
    { given: null, givenRegion: null, cdn: null, ...paypalPlace(order) },
    lines.map((line) => line.priceCents),
    discountCents,
    currency,
    business,
    sold?.pricedNet,
  );
}

/**
 * The tax given back with `cents` of an order's money: its share of the order's tax, and with the
 * last of the money, the rest of it (so that a refund in parts gives back the tax exactly).
 */
export function refundedTax(
  order: { totalCents: number; tax: OrderTax | null },
  earlier: readonly { cents: number; taxCents: number }[],
  cents: number,
): number {
  const tax = order.tax?.closed ? 0 : (order.tax?.taxCents ?? 0);
  if (tax === 0 || order.totalCents === 0) return 0;
  const before = earlier.reduce((sum, each) => sum + each.cents, 0);
  const taxBefore = earlier.reduce((sum, each) => sum + each.taxCents, 0);
  if (before + cents >= order.totalCents) return tax - taxBefore;
  return Math.round((cents * tax) / order.totalCents);
}

/** What the receipt and the e-mail state of an order's tax; null where it includes none. */
export function taxStatement(tax: OrderTax | null): TaxStatement | null {
  if (!tax?.scheme || !tax.tax || !tax.place) return null;
  if (tax.taxCents === 0 && !tax.reverseCharged) return null;
  return {
    tax: tax.tax,
    rate: tax.rate,
    place: tax.place,
    // The number as the buyer reads it; the scheme's own name is the studio's report's.
    scheme: tax.numberName ?? tax.schemeName ?? tax.scheme,
    number: tax.number ?? '',
    cents: tax.taxCents,
    ...(tax.business
      ? { business: { number: tax.business.number, check: tax.business.check } }
      : {}),
    ...(tax.pricedNet ? { pricedNet: true as const } : {}),
  };
}
