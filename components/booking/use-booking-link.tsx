'use client';

import { useEffect, useState, type ReactNode } from 'react';
import type { BookingWords } from '@/lib/booking/content';
import { ask, coupleClient } from '@/lib/booking/client';
import { styles } from './booking-styles';

type State<T> =
  { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'open'; view: T };

/**
 * A booking page's link: its token (the address's fragment, which no server and no referrer
 * sees), what the service answers for it, and the page's words while there is no answer yet or
 * none to give. Another link opened in the same tab changes only the fragment: it is read anew.
 */
export function useBookingLink<T>(
  words: Pick<BookingWords, 'noLink' | 'unavailable'>,
  apiBaseUrl: string,
  /** The couple's whole booking (`open`), or one instalment of a pay link (`instalment`). */
  endpoint: 'open' | 'instalment',
) {
  const [state, setState] = useState<State<T>>({ kind: 'loading' });
  const [token, setToken] = useState('');

  useEffect(() => {
    const load = () => {
      const link = decodeURIComponent(window.location.hash.slice(1));
      setToken(link);
      if (!link) return setState({ kind: 'refused', message: words.noLink });
      setState({ kind: 'loading' });
      const client = coupleClient(apiBaseUrl);
      const opening = endpoint === 'open' ? client.open : client.instalment;
      void ask<T>(() => opening.$post({ json: { token: link } })).then((asked) =>
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
  }, [apiBaseUrl, endpoint, words.noLink, words.unavailable]);

  const update = (view: T) => setState({ kind: 'open', view });
  /** What the page shows until the booking is open: room kept for it, or why it cannot open. */
  const placeholder: ReactNode =
    state.kind === 'loading' ? (
      <p role="status" className={styles.loading} />
    ) : state.kind === 'refused' ? (
      <p role="alert" className={styles.notice}>
        {state.message}
      </p>
    ) : null;
  return { token, view: state.kind === 'open' ? state.view : null, update, placeholder };
}
