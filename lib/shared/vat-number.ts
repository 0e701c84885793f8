// A business buyer's EU VAT number, as typed at the checkout: its format and check digits (jsvat),
// for the browser as the buyer types and for the service before it asks VIES whether the number is
// registered (server/tax/vies.ts). The browser loads this module only once a number is typed.
import * as jsvat from 'jsvat';

/** The 27 member states whose numbers VIES checks. */
const MEMBER_STATES = [
  jsvat.austria,
  jsvat.belgium,
  jsvat.bulgaria,
  jsvat.croatia,
  jsvat.cyprus,
  jsvat.czechRepublic,
  jsvat.denmark,
  jsvat.estonia,
  jsvat.finland,
  jsvat.france,
  jsvat.germany,
  jsvat.greece,
  jsvat.hungary,
  jsvat.ireland,
  jsvat.italy,
  jsvat.latvia,
  jsvat.lithuania,
  jsvat.luxembourg,
  jsvat.malta,
  jsvat.netherlands,
  jsvat.poland,
  jsvat.portugal,
  jsvat.romania,
  jsvat.slovakiaRepublic,
  jsvat.slovenia,
  jsvat.spain,
  jsvat.sweden,
];

/** Their ISO 3166-1 alpha-2 codes (GR for Greece, whose numbers start EL). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(
  MEMBER_STATES.map((state) => state.codes[0]!),
);

/**
 * A VAT number as VIES takes it: the member state's prefix (EL for Greece, as VAT numbers write it)
 * and the number after it.
 */
export type VatNumber = { prefix: string; digits: string };

export const formatVatNumber = ({ prefix, digits }: VatNumber) => `${prefix}${digits}`;

/**
 * The VAT number `typed` of a business in `country` (ISO 3166-1 alpha-2): spaces, dots and dashes
 * dropped, the country's prefix added where it was left out. Null where it is not a well-formed
 * number of that country (its format or its check digits).
 */
export function readVatNumber(country: string, typed: string): VatNumber | null {
  const state = MEMBER_STATES.find((each) => each.codes[0] === country);
  if (!state) return null;
  const prefix = country === 'GR' ? 'EL' : country;
  const compact = typed.toUpperCase().replace(/[\s.\-/]/g, '');
  const full = compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
  const result = jsvat.checkVAT(full, [state]);
  if (!result.isValid || !result.value) return null;
  return { prefix, digits: result.value.slice(prefix.length) };
}

/** The country (ISO 3166-1 alpha-2) a VAT number such as "EL094259216" is registered in. */
export const vatNumberCountry = (number: string) =>
  number.startsWith('EL') ? 'GR' : number.slice(0, 2);
