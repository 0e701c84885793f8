'use client';

import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { CheckoutCopy } from '@/lib/content';
import { requestByEmail } from '@/lib/browser/order-client';
import { ORDER_ID_PATTERN } from '@/lib/shared/order';
import styles from './checkout.module.css';

type Field = InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; label: string };
type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'error'; message: string };
type FormCopy = Pick<
  CheckoutCopy['resend'],
  'heading' | 'intro' | 'submitLabel' | 'sent' | 'failed'
>;

/** The buyer's address, in either form. */
const emailField = (id: string, label: string): Field => ({
  id,
  name: 'email',
  label,
  type: 'email',
  autoComplete: 'email',
});

/**
 * A form that asks the order-confirmation service to e-mail something to the buyer: it says
 * whether it was sent, or the service's own words for why not (no paid order found, sent too often
 * this hour); what was typed stays in the form.
 */
function ServiceRequestForm({
  id,
  path,
  copy,
  fields,
  apiBaseUrl,
}: {
  id: string;
  path: Parameters<typeof requestByEmail>[1];
  copy: FormCopy;
  fields: Field[];
  apiBaseUrl: string;
}) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus({ kind: 'sending' });
    const body = Object.fromEntries(
      fields.map(({ name }) => [name, String(form.get(name) ?? '').trim()]),
    ) as { email: string; orderId?: string };
    const result = await requestByEmail(apiBaseUrl, path, body);
    if (result === 'sent') setStatus({ kind: 'sent', message: copy.sent });
    else
      setStatus({ kind: 'error', message: result === 'unreachable' ? copy.failed : result.error });
  };

  return (
    <section id={id} className={styles.step} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.heading}</h2>
      <p>{copy.intro}</p>
      <form className={formStyles.form} onSubmit={submit}>
        {fields.map(({ label, ...input }) => (
          <div key={input.id} className={formStyles.field}>
            <label htmlFor={input.id} className={formStyles.label}>
              {label}
            </label>
            <input {...input} required className={formStyles.input} />
          </div>
        ))}
        <button type="submit" className={button.primary} disabled={status.kind === 'sending'}>
          {copy.submitLabel}
        </button>
      </form>
      <p role="status" className={status.kind === 'error' ? formStyles.error : undefined}>
        {'message' in status ? status.message : ''}
      </p>
    </section>
  );
}

/** Fresh download links for one paid order, by its order or PayPal transaction id. */
export function ResendLinks({
  copy,
  apiBaseUrl,
}: {
  copy: CheckoutCopy['resend'];
  apiBaseUrl: string;
}) {
  return (
    <ServiceRequestForm
      id="fresh-links"
      path="/api/orders/resend"
      copy={copy}
      apiBaseUrl={apiBaseUrl}
      fields={[
        {
          id: 'resend-order',
          name: 'orderId',
          label: copy.orderLabel,
          pattern: ORDER_ID_PATTERN,
          autoComplete: 'off',
        },
        emailField('resend-email', copy.emailLabel),
      ]}
    />
  );
}

/** Every order of an e-mail address, sent to that address. */
export function AllOrders({
  copy,
  apiBaseUrl,
}: {
  copy: CheckoutCopy['allOrders'];
  apiBaseUrl: string;
}) {
  return (
    <ServiceRequestForm
      id="all-orders"
      path="/api/orders/all"
      copy={copy}
      apiBaseUrl={apiBaseUrl}
      fields={[emailField('all-orders-email', copy.emailLabel)]}
    />
  );
}
