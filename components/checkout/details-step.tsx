import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fillIn } from '@/lib/shared/copy';
import button from '@/components/ui/button.module.css';
import { ErrorSummary } from '@/components/ui/error-summary';
import formStyles from '@/components/ui/form.module.css';
import { regionOf } from '@/lib/browser/approx-price';
import { focusIdInView, focusInView } from '@/lib/browser/focus';
import type { Buyer, BuyerErrors } from '@/lib/shared/checkout';
import type { CheckoutCopy } from '@/lib/content';
import { orderTotalCents, type OrderLine } from '@/lib/shared/order';
import {
  placeProblems,
  regionsOf,
  takesVatNumber,
  taxRule,
  type TaxTable,
  type TaxWords,
} from '@/lib/shared/tax';
import styles from './checkout.module.css';
import { OrderSummary, type SaleWords } from './order-summary';
import { TaxIncluded } from './tax-included';

export const DETAIL_FIELDS = ['name', 'email', 'phone', 'address'] as const;
const VAT_NUMBER_ID = 'checkout-vat-number';

/**
 * Where the buyer likely is, where the list has it: the country of the browser's time zone where
 * it is one the tax table names (Berlin says Germany, whatever the language); else the region of
 * its language ("en-US"), unless that is a taxed place the time zone says the buyer is not in (an
 * English (UK) browser in Sydney): then none, and the buyer chooses. The details step asks it as a
 * question, so that a wrong guess is seen before Continue.
 */
export function likelyCountry(
  countries: readonly (readonly [string, string])[],
  timeZones: Record<string, string>,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  language = navigator.language,
): string {
  const listed = (code: string | null | undefined) =>
    code && countries.some(([each]) => each === code) ? code : null;
  const zoned = listed(timeZones[timeZone]);
  if (zoned) return zoned;
  const spoken = listed(regionOf(language));
  // A place's own zone ("Australia/Sydney"), not UTC, which private browsing may report.
  const placed = /^[A-Z][a-z]+\//.test(timeZone) && !timeZone.startsWith('Etc/');
  const taxed = new Set(Object.values(timeZones));
  return spoken && !(placed && taxed.has(spoken)) ? spoken : '';
}

/** "DE13669597 is not a VAT number of Germany: …", in the table's words. */
export function vatNumberProblem(
  words: Pick<TaxWords, 'vatNumberFormat'>,
  typed: string,
  country: string,
  table?: TaxTable,
) {
  const rule = table ? taxRule(table, { country }) : null;
  const place = rule?.kind === 'taxed' ? rule.place.name : country;
  return fillIn(words.vatNumberFormat, { number: typed.trim(), place });
}

type VatNumbers = typeof import('@/lib/shared/vat-number');

/**
 * A business buyer's VAT number, optional, where the place's scheme reverse-charges (the EU): its
 * format and check digits are checked once the buyer leaves the field, then as they type (the
 * checking code loads only when a number is typed); the service asks VIES when the order is made.
 */
function VatNumberField({
  tax,
  country,
  typed,
  onType,
  error,
}: {
  tax: TaxTable;
  country: string;
  typed: string;
  onType(typed: string): void;
  error: string | undefined;
}) {
  const [left, setLeft] = useState(false);
  const [numbers, setNumbers] = useState<VatNumbers | null>(null);
  const load = () => {
    if (!numbers) void import('@/lib/shared/vat-number').then(setNumbers);
  };
  const malformed =
    numbers && typed.trim() && (left || error) && !numbers.readVatNumber(country, typed)
      ? vatNumberProblem(tax.words, typed, country, tax)
      : undefined;
  // The service's word stands until the buyer types again (a number it refused, say).
  const message = typed.trim() ? (numbers ? malformed : error) : undefined;
  const id = VAT_NUMBER_ID;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {tax.words.vatNumberLabel}
      </label>
      <input
        id={id}
        name="vatNumber"
        className={formStyles.input}
        value={typed}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onFocus={load}
        onChange={(event) => {
          load();
          onType(event.target.value);
        }}
        onBlur={() => setLeft(true)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      <div aria-live="polite">
        {message && (
          <p id={`${id}-error`} className={formStyles.error}>
            {message}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The first step: the buyer's details and where they are (checked when they continue, kept when
 * they come back). A place the shop cannot sell to yet is said as soon as it is chosen.
 */
export function DetailsStep({
  copy,
  tax,
  countries,
  timeZones,
  studioEmail,
  details,
  errors,
  askingVies,
  focus,
  lines,
  sale,
  onSubmit,
}: {
  copy: CheckoutCopy;
  tax: TaxTable;
  countries: [string, string][];
  timeZones: Record<string, string>;
  studioEmail: string;
  details: Buyer | null;
  errors: BuyerErrors;
  /** VIES is being asked about the VAT number: Continue says so. */
  askingVies: boolean;
  /** The field to open at (back from the payment step to correct the VAT number). */
  focus: 'vatNumber' | null;
  /** The order, shown beside the form. */
  lines: OrderLine[];
  sale: SaleWords;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}) {
  const [country, setCountry] = useState(
    () => details?.country ?? likelyCountry(countries, timeZones),
  );
  const [region, setRegion] = useState(details?.region ?? '');
  // Kept while the country changes, so that nothing typed is lost.
  const [vatNumber, setVatNumber] = useState(details?.vatNumber ?? '');
  const regions = regionsOf(tax, country);
  // What Continue found wrong, listed first, in the form's order; focused each time it is said.
  const summary = useRef<HTMLDivElement>(null);
  const found = (
    [
      ...DETAIL_FIELDS.map((name) => [name, `checkout-${name}`] as const),
      ['country', 'checkout-country'],
      ['region', 'checkout-region'],
      ['vatNumber', VAT_NUMBER_ID],
    ] as const
  ).flatMap(([name, id]) => (errors[name] ? [{ id, message: errors[name] }] : []));
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusInView(summary.current);
  }, [errors]);
  useEffect(() => {
    if (focus === 'vatNumber') focusIdInView(VAT_NUMBER_ID);
  }, [focus]);
  const countryName = countries.find(([code]) => code === country)?.[1];
  const where = { country, region: regions.length > 0 ? region : undefined };
  // Said at once: the shop cannot sell there yet. Other problems wait for Continue.
  const closed = country ? placeProblems(tax, where, studioEmail).country : undefined;
  const problems: BuyerErrors = { ...errors, ...(closed ? { country: closed } : {}) };
  const total = orderTotalCents(lines);
  const message = (id: string, text: string | undefined) =>
    text && (
      <p id={`${id}-error`} className={formStyles.error}>
        {text}
      </p>
    );
  const invalid = (id: string, text: string | undefined) => ({
    'aria-invalid': text ? true : undefined,
    'aria-describedby': text ? `${id}-error` : undefined,
  });
  return (
    <div className={styles.detailsLayout}>
      <aside className={styles.detailsOrder} aria-label={copy.summaryHeading}>
        <OrderSummary
          heading={copy.summaryHeading}
          totalLabel={copy.totalLabel}
          lines={lines}
          totalCents={total}
          sale={sale}
          level={2}
          taxLine={<TaxIncluded tax={tax} where={where} lines={lines} />}
        />
      </aside>
      <section className={styles.detailsStep} aria-labelledby="details-heading">
        <h2 id="details-heading">{copy.detailsHeading}</h2>
        {countryName && (
          <p className={styles.buyingFrom} data-testid="buying-from">
            {fillIn(tax.words.buyingFrom, { place: countryName })}{' '}
            <button
              type="button"
              className={`${button.text} ${styles.change}`}
              onClick={() => focusIdInView('checkout-country')}
            >
              {tax.words.changePlace}
            </button>
          </p>
        )}
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          {found.length > 0 && (
            <ErrorSummary
              ref={summary}
              id="checkout-problems"
              heading={copy.errorSummary}
              problems={found}
            />
          )}
          {DETAIL_FIELDS.map((name) => {
            const id = `checkout-${name}`;
            const Field = name === 'address' ? 'textarea' : 'input';
            return (
              <div
                key={name}
                className={`${formStyles.field} ${name === 'address' ? formStyles.wide : ''}`}
              >
                <label htmlFor={id} className={formStyles.label}>
                  {copy.fields[name]}
                </label>
                <Field
                  id={id}
                  name={name}
                  required
                  className={formStyles.input}
                  defaultValue={details?.[name]}
                  {...invalid(id, errors[name])}
                  {...(Field === 'input'
                    ? {
                        // A phone keypad for the phone number.
                        type: name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text',
                        autoComplete: name === 'phone' ? 'tel' : name,
                      }
                    : { rows: 4, autoComplete: 'street-address' })}
                />
                {message(id, errors[name])}
              </div>
            );
          })}
          <PlaceList
            id="checkout-country"
            name="country"
            label={tax.words.countryLabel}
            autoComplete="country"
            value={country}
            options={countries}
            error={problems.country}
            onChange={setCountry}
            // The closed-scheme message comes as the country is chosen: announced.
            live
          />
          {regions.length > 0 && (
            <PlaceList
              id="checkout-region"
              name="region"
              label={tax.words.regionLabel}
              autoComplete="address-level1"
              value={region}
              options={regions.map((place) => [place.region!, place.name])}
              error={problems.region}
              onChange={setRegion}
            />
          )}
          {takesVatNumber(tax, where) && (
            <VatNumberField
              tax={tax}
              country={country}
              typed={vatNumber}
              onType={setVatNumber}
              error={errors.vatNumber}
            />
          )}
          <button type="submit" className={button.primary} aria-busy={askingVies || undefined}>
            {askingVies && vatNumber
              ? fillIn(tax.words.vatNumberChecking, { number: vatNumber.trim() })
              : copy.continueLabel}
          </button>
        </form>
      </section>
    </div>
  );
}

/** A required list of places (countries, provinces), with its error tied to it. */
function PlaceList({
  id,
  name,
  label,
  autoComplete,
  value,
  options,
  error,
  onChange,
  live = false,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  value: string;
  /** [code, name], in the order shown. */
  options: readonly (readonly [string, string])[];
  error: string | undefined;
  onChange(value: string): void;
  live?: boolean;
}) {
  const message = error && (
    <p id={`${id}-error`} className={formStyles.error}>
      {error}
    </p>
  );
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        required
        autoComplete={autoComplete}
        className={formStyles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          —
        </option>
        {options.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
      {live ? <div aria-live="polite">{message}</div> : message}
    </div>
  );
}
