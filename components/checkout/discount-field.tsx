'use client';

import { useState, type FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { CheckoutCopy } from '@/lib/content';
import type { AppliedDiscount } from '@/lib/shared/order';
import { checkDiscount } from '@/lib/browser/order-client';
import styles from './checkout.module.css';

/**
 * The discount code field of the payment step: the service says what a code does to these packs
 * (codes live only there); the field keeps what was typed whatever the answer.
 */
export function DiscountField({
  copy,
  apiBaseUrl,
  skus,
  pricedNet,
  applied,
  message,
  onChange,
}: {
  copy: CheckoutCopy['discount'];
  apiBaseUrl: string;
  skus: string[];
  /** A business's prices are net of this country's VAT (its number confirmed): so is the code. */
  pricedNet?: string;
  applied: AppliedDiscount | null;
  /** A message from outside the field (the code taken off because the cart changed). */
  message: string | null;
  onChange(applied: AppliedDiscount | null, message: string | null): void;
}) {
  const [checking, setChecking] = useState(false);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return;
    setChecking(true);
    const result = await checkDiscount(apiBaseUrl, code, skus, pricedNet);
    setChecking(false);
    if ('problem' in result) onChange(null, copy.messages[result.problem]);
    else onChange({ code: result.code, cents: result.discountCents }, copy.applied);
  };

  return (
    <form className={styles.discount} onSubmit={apply}>
      <label htmlFor="discount-code" className={formStyles.label}>
        {copy.label}
      </label>
      <div className={styles.discountRow}>
        <input
          id="discount-code"
          name="code"
          className={formStyles.input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          readOnly={applied !== null}
          aria-describedby="discount-message"
        />
        {applied ? (
          <button type="button" className={button.outline} onClick={() => onChange(null, null)}>
            {copy.remove}
          </button>
        ) : (
          <button type="submit" className={button.outline} disabled={checking}>
            {copy.apply}
          </button>
        )}
      </div>
      <p id="discount-message" role="status" className={styles.discountMessage}>
        {message}
      </p>
    </form>
  );
}
