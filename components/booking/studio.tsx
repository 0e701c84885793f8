'use client';

import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { BookingWords, StudioWords } from '@/lib/booking/content';
import { ask, studioClient, type BookingView } from '@/lib/booking/client';
import type { StartingPrices } from '@/lib/booking/enquiry';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney } from '@/lib/shared/money';
import { BookingDetail, type StudioView } from './booking-detail';
import { BookingForm } from './booking-form';
import { shortDay } from './booking-summary';
import { styles } from './booking-styles';

type Listed = {
  id: string;
  couple: string;
  status: BookingView['status'];
  firstEvent: string;
  currency: string;
  totalCents: number;
  paidCents: number;
  next: BookingView['next'];
  late: number;
  changeAsked: boolean;
};

type Screen =
  | { kind: 'loading' }
  | { kind: 'signed-out'; sent: boolean; problem?: string }
  | { kind: 'list'; bookings: Listed[] }
  | { kind: 'new' }
  | { kind: 'edit'; view: StudioView }
  | { kind: 'booking'; view: StudioView };

/**
 * The studio's page (/studio/): signed in with a link e-mailed to a staff address (its token in
 * the fragment, #signin=…), a session cookie the service sets; every booking with its totals, a
 * new proposal from the enquiry, and each booking's detail.
 */
export function Studio({
  words,
  bookingWords,
  apiBaseUrl,
  prices,
  coverageWords,
  regions,
  balanceDaysBefore,
}: {
  words: StudioWords;
  bookingWords: BookingWords;
  apiBaseUrl: string;
  prices: StartingPrices;
  coverageWords: Record<'photo' | 'film' | 'both', string>;
  regions: { code: string; name: string }[];
  balanceDaysBefore: number;
}) {
  const client = useMemo(() => studioClient(apiBaseUrl), [apiBaseUrl]);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [email, setEmail] = useState<string | null>(null);
  const id = useId();

  const list = useCallback(async () => {
    const asked = await ask<Listed[]>(() => client.bookings.$get());
    if ('ok' in asked) setScreen({ kind: 'list', bookings: asked.ok });
    else setScreen({ kind: 'signed-out', sent: false });
  }, [client]);

  useEffect(() => {
    // A sign-in link opened in this tab changes only the fragment: each is taken as it comes.
    const load = async () => {
      const signIn = /^#signin=([\w-]+)$/.exec(window.location.hash)?.[1];
      if (signIn) {
        // The link works once: the address is cleared of it, whatever the answer.
        history.replaceState(null, '', window.location.pathname);
        const asked = await ask<{ email: string }>(() =>
          client.session.$post({ json: { token: signIn } }),
        );
        if (!('ok' in asked)) {
          const problem = 'error' in asked ? asked.error : bookingWords.unavailable;
          return setScreen({ kind: 'signed-out', sent: false, problem });
        }
      }
      const me = await ask<{ email: string | null }>(() => client.me.$get());
      if (!('ok' in me) || !me.ok.email) return setScreen({ kind: 'signed-out', sent: false });
      setEmail(me.ok.email);
      // A notice's link to a booking (/studio/#booking=B-…) opens it; else the list.
      const bookingId = /^#booking=(B-[\w-]+)$/.exec(window.location.hash)?.[1];
      if (bookingId) {
        const asked = await ask<StudioView>(() =>
          client.bookings[':id'].$get({ param: { id: bookingId } }),
        );
        if ('ok' in asked) return setScreen({ kind: 'booking', view: asked.ok });
      }
      await list();
    };
    const onHash = () => void load();
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [client, list, bookingWords.unavailable]);

  async function requestLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = new FormData(event.currentTarget).get('email');
    const asked = await ask<{ sent: true }>(() =>
      client['sign-in'].$post({ json: { email: String(address) } }),
    );
    setScreen(
      'ok' in asked
        ? { kind: 'signed-out', sent: true }
        : { kind: 'signed-out', sent: false, problem: bookingWords.unavailable },
    );
  }

  async function open(bookingId: string) {
    const asked = await ask<StudioView>(() =>
      client.bookings[':id'].$get({ param: { id: bookingId } }),
    );
    if ('ok' in asked) setScreen({ kind: 'booking', view: asked.ok });
  }

  if (screen.kind === 'loading') return <p role="status" className={styles.loading} />;
  if (screen.kind === 'signed-out') {
    return (
      <form className={styles.signIn} onSubmit={requestLink}>
        <h2>{words.signInHeading}</h2>
        {screen.problem && (
          <p role="alert" className={formStyles.error}>
            {screen.problem}
          </p>
        )}
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-email`}>
            {words.email}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            className={formStyles.input}
          />
        </div>
        <button type="submit" className={button.primary}>
          {words.signIn}
        </button>
        {screen.sent && <p role="status">{words.linkSent}</p>}
      </form>
    );
  }
  return (
    <div className={`${styles.layout} ${styles.wide}`}>
      <div className={styles.actions}>
        <p className={styles.muted}>{email && fillIn(words.signedInAs, { email })}</p>
        {screen.kind !== 'list' && (
          <button type="button" className={button.outline} onClick={() => void list()}>
            {words.back}
          </button>
        )}
        <button
          type="button"
          className={button.outline}
          onClick={async () => {
            await ask(() => client['sign-out'].$post());
            setEmail(null);
            setScreen({ kind: 'signed-out', sent: false });
          }}
        >
          {words.signOut}
        </button>
      </div>
      {screen.kind === 'list' && (
        <>
          <button
            type="button"
            className={button.primary}
            onClick={() => setScreen({ kind: 'new' })}
          >
            {words.newBooking}
          </button>
          {screen.bookings.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <div className={styles.scroll}>
              <table className={styles.list}>
                <caption>{words.bookings}</caption>
                <thead>
                  <tr>
                    <th scope="col">{words.couple}</th>
                    <th scope="col">{words.firstEvent}</th>
                    <th scope="col">{words.status}</th>
                    <th scope="col">{words.paid}</th>
                    <th scope="col">{words.next}</th>
                  </tr>
                </thead>
                <tbody>
                  {screen.bookings.map((booking) => (
                    <tr key={booking.id}>
                      <th scope="row">
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => void open(booking.id)}
                        >
                          {booking.couple}
                        </button>
                      </th>
                      <td>{shortDay(booking.firstEvent)}</td>
                      <td>
                        {words.statuses[booking.status]}
                        {booking.changeAsked && (
                          <span className={styles.late}> · {words.changeAsked}</span>
                        )}
                      </td>
                      <td>
                        {formatMoney(booking.paidCents, booking.currency)} /{' '}
                        {formatMoney(booking.totalCents, booking.currency)}
                      </td>
                      <td>
                        {booking.next &&
                          `${formatMoney(booking.next.cents, booking.currency)}${booking.next.dueOn ? `, ${shortDay(booking.next.dueOn)}` : ''}`}
                        {booking.late > 0 && (
                          <span className={styles.late}>
                            {' '}
                            {booking.late} {words.late}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {(screen.kind === 'new' || screen.kind === 'edit') && (
        <BookingForm
          key={screen.kind}
          editing={
            screen.kind === 'edit' ? { id: screen.view.id, input: screen.view.input } : undefined
          }
          words={words}
          client={client}
          prices={prices}
          coverageWords={coverageWords}
          regions={regions}
          balanceDaysBefore={balanceDaysBefore}
          onMade={(made) => void open(made.id)}
        />
      )}
      {screen.kind === 'booking' && (
        <BookingDetail
          key={screen.view.id}
          view={screen.view}
          words={words}
          bookingWords={bookingWords}
          client={client}
          onChange={(view) => setScreen({ kind: 'booking', view })}
          onEdit={() => setScreen({ kind: 'edit', view: screen.view })}
        />
      )}
    </div>
  );
}
