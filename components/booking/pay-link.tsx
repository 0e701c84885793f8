'use client';

import { useEffect, useState } from 'react';
import type { BookingWords } from '@/lib/booking/content';
import { ask, coupleClient, type BookingView, type InstalmentView } from '@/lib/booking/client';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import { BookingSummary, shortDay } from './booking-summary';
import styles from './booking.module.css';
import { PayInstalment, type PaymentWords } from './pay-instalment';
import { linkToken } from './proposal';

type Opened = BookingView & { due: InstalmentView };

type State =
  { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'open'; view: Opened };

/**
 * An instalment's own link (/pay/#<token>), e-mailed before it is due: whoever the couple
 * forwards it to pays it through PayPal, their name recorded; paid, the page says so.
 */
export function PayLink({
  words,
  paymentWords,
  apiBaseUrl,
  paypalClientId,
}: {
  words: BookingWords;
  paymentWords: PaymentWords;
  apiBaseUrl: string;
  paypalClientId: string;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [token, setToken] = useState('');

  useEffect(() => {
    // The token is the address's fragment; another link opened in the same tab changes only it.
    const load = () => {
      const link = linkToken();
      setToken(link);
      if (!link) return setState({ kind: 'refused', message: words.noLink });
      setState({ kind: 'loading' });
      void ask<Opened>(() =>
        coupleClient(apiBaseUrl).instalment.$post({ json: { token: link } }),
      ).then((asked) =>
        setState(
          'ok' in asked
            ? { kind: 'open', view: asked.ok }
            : { kind: 'refused', message: 'error' in asked ? asked.error : words.unavailable },
        ),
      );
    };
    load();
    window.addEventListener('hashchange', load);
    return () => window.removeEventListener('hashchange', load);
  }, [apiBaseUrl, words.noLink, words.unavailable]);

  if (state.kind === 'loading') return <p role="status" className={styles.loading} />;
  if (state.kind === 'refused') {
    return (
      <p role="alert" className={styles.notice}>
        {state.message}
      </p>
    );
  }
  const { view } = state;
  const { due } = view;
  return (
    <div className={styles.layout}>
      <p className={styles.lead}>
        {view.couple}: {due.label}
        {due.dueOn && <> · {fillIn(words.dueOn, { date: shortDay(due.dueOn) })}</>}
      </p>
      {due.paid ? (
        <p role="status" className={styles.notice}>
          {fillIn(words.receipt, {
            amount: formatPrice(due.cents, view.currency),
            date: shortDay(due.paid.at),
          })}{' '}
          ({due.paid.payer})
        </p>
      ) : view.status === 'signed' ? (
        <PayInstalment
          token={token}
          instalment={due}
          currency={view.currency}
          payerName=""
          words={words}
          paymentWords={paymentWords}
          apiBaseUrl={apiBaseUrl}
          paypalClientId={paypalClientId}
          onPaid={(paid) => {
            const now = paid.instalments.find((each) => each.id === due.id)!;
            setState({ kind: 'open', view: { ...view, ...paid, due: now } });
          }}
        />
      ) : (
        <p className={styles.notice}>{words.cancelled}</p>
      )}
      <BookingSummary view={view} words={words} />
    </div>
  );
}
