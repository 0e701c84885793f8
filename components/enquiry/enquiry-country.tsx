import type { ReactNode } from 'react';
import type { EnquiryCopy } from '@/lib/content';
import { inputId, type Problem } from '@/lib/browser/enquiry/check';
import type { Enquiry } from '@/lib/browser/enquiry/model';
import { currencyFor } from '@/lib/browser/enquiry/submission';
import formStyles from '@/components/ui/form.module.css';
import styles from './enquiry.module.css';

type Props = {
  copy: EnquiryCopy;
  enquiry: Enquiry;
  problemFor: (id: string) => Problem | undefined;
  onEdit: (change: (enquiry: Enquiry) => Partial<Enquiry>) => void;
  /** Formspree's errors for the spec's cityCountry, made from the cities and this country. */
  errors: ReactNode;
};

/** The wedding's country, asked once: it sets the currency, and with the cities the cityCountry. */
export function EnquiryCountry({ copy, enquiry, problemFor, onEdit, errors }: Props) {
  const field = (id: string, hintId?: string) => {
    const problem = problemFor(id);
    return {
      id,
      className: formStyles.input,
      required: true,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby':
        [hintId, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined,
    };
  };
  const message = (id: string) =>
    problemFor(id) && (
      <p id={`${id}-problem`} className={formStyles.error}>
        {problemFor(id)!.message}
      </p>
    );
  return (
    <div className={formStyles.form}>
      <div className={formStyles.field}>
        <label htmlFor={inputId.country} className={formStyles.label}>
          {copy.country.label}
          <span aria-hidden="true"> *</span>
        </label>
        <p id="enquiry-country-hint" className={styles.hint}>
          {copy.country.hint}
        </p>
        {message(inputId.country)}
        {errors}
        <select
          {...field(inputId.country, 'enquiry-country-hint')}
          autoComplete="country-name"
          value={enquiry.country}
          onChange={(event) => {
            const country = event.target.value;
            onEdit((e) => ({
              country,
              // A band of another currency means nothing here.
              budget: [
                ...copy.budget.bands[currencyFor(country, copy.countries)],
                copy.budget.notSure,
              ].includes(e.budget)
                ? e.budget
                : '',
            }));
          }}
        >
          <option value="" disabled>
            Choose one
          </option>
          {copy.countries.map((country) => (
            <option key={country.name}>{country.name}</option>
          ))}
          <option>{copy.country.elsewhere}</option>
        </select>
      </div>
      {enquiry.country === copy.country.elsewhere && (
        <div className={formStyles.field}>
          <label htmlFor={inputId.otherCountry} className={formStyles.label}>
            {copy.country.other}
            <span aria-hidden="true"> *</span>
          </label>
          {message(inputId.otherCountry)}
          <input
            {...field(inputId.otherCountry)}
            type="text"
            autoComplete="country-name"
            value={enquiry.otherCountry}
            onChange={(event) => {
              const otherCountry = event.target.value;
              onEdit(() => ({ otherCountry }));
            }}
          />
        </div>
      )}
    </div>
  );
}
