import type { FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { Details, DetailsErrors } from '@/lib/shared/checkout';
import type { CheckoutCopy } from '@/lib/content';
import { orderTotalCents, type OrderLine } from '@/lib/shared/order';
import styles from './checkout.module.css';
import { OrderSummary, type SaleWords } from './order-summary';

export const DETAIL_FIELDS = ['name', 'email', 'phone', 'address'] as const;

/** The first step: the buyer's details, checked when they continue (kept when they come back). */
export function DetailsStep({
  copy,
  details,
  errors,
  lines,
  sale,
  onSubmit,
}: {
  copy: CheckoutCopy;
  details: Details | null;
  errors: DetailsErrors;
  /** The order, shown beside the form. */
  lines: OrderLine[];
  sale: SaleWords;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}) {
  return (
    <div className={styles.detailsLayout}>
      <aside className={styles.detailsOrder} aria-label={copy.summaryHeading}>
        <OrderSummary
          heading={copy.summaryHeading}
          totalLabel={copy.totalLabel}
          lines={lines}
          totalCents={orderTotalCents(lines)}
          sale={sale}
          level={2}
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
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${id}-error` : undefined}
                  {...(Field === 'input'
                    ? {
                        type: name === 'email' ? 'email' : 'text',
                        autoComplete: name === 'phone' ? 'tel' : name,
                      }
                    : { rows: 4, autoComplete: 'street-address' })}
                />
                {errors[name] && (
                  <p id={`${id}-error`} className={formStyles.error}>
                    {errors[name]}
                  </p>
                )}
              </div>
            );
          })}
          <button type="submit" className={button.primary}>
            {copy.continueLabel}
          </button>
        </form>
      </section>
    </div>
  );
}
