'use client';

import { useState, type FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { CheckoutCopy } from '@/lib/content';
import { ORDER_ID_PATTERN, requestFreshLinks } from '@/lib/order-service';
import styles from './checkout.module.css';

type Props = { copy: CheckoutCopy['resend']; apiBaseUrl: string };
type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'error'; message: string };

/** Asks the order-confirmation service to e-mail fresh download links for a paid order. */
export function ResendLinks({ copy, apiBaseUrl }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const fields = [
    {
      id: 'resend-order',
      name: 'orderId',
      label: copy.orderLabel,
      pattern: ORDER_ID_PATTERN,
      autoComplete: 'off',
    },
    {
      id: 'resend-email',
      name: 'email',
      label: copy.emailLabel,
      type: 'email',
      autoComplete: 'email',
    },
  ];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus({ kind: 'sending' });
    const result = await requestFreshLinks(apiBaseUrl, {
      orderId: String(form.get('orderId') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
    });
    if (result === 'sent') setStatus({ kind: 'sent', message: copy.sent });
    else
      setStatus({ kind: 'error', message: result === 'unreachable' ? copy.failed : result.error });
  };

  return (
    <section id="fresh-links" className={styles.step} aria-labelledby="fresh-links-heading">
      <h2 id="fresh-links-heading">{copy.heading}</h2>
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
