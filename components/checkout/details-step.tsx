import { useState, type FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { regionOf } from '@/lib/browser/approx-price';
import type { Buyer, BuyerErrors } from '@/lib/shared/checkout';
import type { CheckoutCopy } from '@/lib/content';
import { orderTotalCents, type OrderLine } from '@/lib/shared/order';
import { placeProblems, regionsOf, type TaxTable } from '@/lib/shared/tax';
import styles from './checkout.module.css';
import { OrderSummary, type SaleWords } from './order-summary';
import { TaxIncluded } from './tax-included';

export const DETAIL_FIELDS = ['name', 'email', 'phone', 'address'] as const;

/** The country the browser's language names, where the list has it: the buyer's likely one. */
function likelyCountry(countries: [string, string][]): string {
  const region = regionOf(navigator.language);
  return region && countries.some(([code]) => code === region) ? region : '';
}

/**
 * The first step: the buyer's details and where they are (checked when they continue, kept when
 * they come back). A place the shop cannot sell to yet is said as soon as it is chosen.
 */
export function DetailsStep({
  copy,
  tax,
  countries,
  studioEmail,
  details,
  errors,
  lines,
  sale,
  onSubmit,
}: {
  copy: CheckoutCopy;
  tax: TaxTable;
  countries: [string, string][];
  studioEmail: string;
  details: Buyer | null;
  errors: BuyerErrors;
  /** The order, shown beside the form. */
  lines: OrderLine[];
  sale: SaleWords;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}) {
  const [country, setCountry] = useState(() => details?.country ?? likelyCountry(countries));
  const [region, setRegion] = useState(details?.region ?? '');
  const regions = regionsOf(tax, country);
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
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
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
                        type: name === 'email' ? 'email' : 'text',
                        autoComplete: name === 'phone' ? 'tel' : name,
                      }
                    : { rows: 4, autoComplete: 'street-address' })}
                />
                {message(id, errors[name])}
              </div>
            );
          })}
          <div className={formStyles.field}>
            <label htmlFor="checkout-country" className={formStyles.label}>
              {tax.words.countryLabel}
            </label>
            <select
              id="checkout-country"
              name="country"
              required
              autoComplete="country"
              className={formStyles.input}
              value={country}
              onChange={(event) => setCountry(event.target.value)}
              {...invalid('checkout-country', problems.country)}
            >
              <option value="" disabled>
                —
              </option>
              {countries.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            <div aria-live="polite">{message('checkout-country', problems.country)}</div>
          </div>
          {regions.length > 0 && (
            <div className={formStyles.field}>
              <label htmlFor="checkout-region" className={formStyles.label}>
                {tax.words.regionLabel}
              </label>
              <select
                id="checkout-region"
                name="region"
                required
                autoComplete="address-level1"
                className={formStyles.input}
                value={region}
                onChange={(event) => setRegion(event.target.value)}
                {...invalid('checkout-region', problems.region)}
              >
                <option value="" disabled>
                  —
                </option>
                {regions.map((place) => (
                  <option key={place.region} value={place.region}>
                    {place.name}
                  </option>
                ))}
              </select>
              {message('checkout-region', problems.region)}
            </div>
          )}
          <button type="submit" className={button.primary}>
            {copy.continueLabel}
          </button>
        </form>
      </section>
    </div>
  );
}
