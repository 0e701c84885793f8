'use client';

import { useId, useRef, useState } from 'react';
import { PayPalPayment } from '@/components/checkout/paypal-payment';
import formStyles from '@/components/ui/form.module.css';
import type { BookingWords } from '@/lib/booking/content';
import {
  ask,
  coupleClient,
  holderId,
  type BookingView,
  type InstalmentView,
} from '@/lib/booking/client';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney } from '@/lib/shared/money';
import { styles } from './booking-styles';

export type PaymentWords = { scriptFailed: string; retry: string; loading: string };

/** What the couple's and a payer's pages take: their words, PayPal's, and where to call. */
export type PayingPageProps = {
  words: BookingWords;
  paymentWords: PaymentWords;
  apiBaseUrl: string;
  paypalClientId: string;
};

/**
 * An instalment paid through PayPal: the payer's name (recorded with the payment), then PayPal's
 * buttons. Our service creates the order (held for this page while PayPal's window is open, so a
 * second payer is told before PayPal is asked) and captures it; the page shows the answer.
 */
export function PayInstalment({
  token,
  instalment,
  currency,
  payerName,
  words,
  paymentWords,
  apiBaseUrl,
  paypalClientId,
  onPaid,
  fromProposal = false,
}: {
  token: string;
  fromProposal?: boolean;
  instalment: InstalmentView;
  currency: string;
  payerName: string;
  words: BookingWords;
  paymentWords: PaymentWords;
  apiBaseUrl: string;
  paypalClientId: string;
  onPaid(view: BookingView): void;
}) {
  const [payer, setPayer] = useState(payerName);
  const [problem, setProblem] = useState('');
  const holder = useRef<string>(null);
  const nameId = useId();
  const client = coupleClient(apiBaseUrl);
  const amount = formatMoney(instalment.cents, currency);

  async function createOrder() {
    setProblem('');
    holder.current ??= holderId();
    const asked = await ask<{ id: string }>(() =>
      client.pay.$post({
        json: {
          token,
          payer: payer.trim() || payerName,
          holder: holder.current!,
          // From the proposal's link, which pays any instalment; a pay link names its own.
          ...(fromProposal ? { instalment: instalment.id } : {}),
        },
      }),
    );
    if ('ok' in asked) return asked.ok.id;
    setProblem('error' in asked ? asked.error : words.unavailable);
    throw new Error('not created');
  }

  async function onApprove(orderId: string) {
    const asked = await ask<BookingView>(() => client.capture.$post({ json: { token, orderId } }));
    if ('ok' in asked) onPaid(asked.ok);
    else setProblem('error' in asked ? asked.error : words.unavailable);
  }

  return (
    <div className={styles.pay}>
      <h3>{instalment.kind === 'retainer' ? words.payRetainer : instalment.label}</h3>
      <p className={styles.amount}>{fillIn(words.payInstalment, { amount })}</p>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={nameId}>
          {words.payerName}
        </label>
        <input
          id={nameId}
          className={formStyles.input}
          value={payer}
          autoComplete="name"
          onChange={(event) => setPayer(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className={formStyles.error}>
          {problem}
        </p>
      )}
      <PayPalPayment
        clientId={paypalClientId}
        currency={currency}
        totalCents={instalment.cents}
        createOrder={createOrder}
        scriptFailedMessage={paymentWords.scriptFailed}
        retryLabel={paymentWords.retry}
        loadingLabel={paymentWords.loading}
        onApprove={onApprove}
        onProviderError={() => setProblem(words.unavailable)}
      />
    </div>
  );
}
