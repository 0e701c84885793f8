'use client';

import { useId, useState, type FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import { Field, TextField } from '@/components/ui/field';
import formStyles from '@/components/ui/form.module.css';
import type { BookingWords, StudioWords } from '@/lib/booking/content';
import { ask, type BookingView, type StudioClient } from '@/lib/booking/client';
import { BookingStatus, BookingSummary, shortDay } from './booking-summary';
import { styles } from './booking-styles';
import type { ProposalInput } from './booking-form';

export type StudioView = BookingView & {
  audit: { actor: string; action: string; detail: string; at: number }[];
  link: string | null;
  input: ProposalInput;
};

/**
 * One booking as the studio sees it: where it stands, the couple's link and each instalment's
 * pay link to forward, and what the studio does with it (send, withdraw, move an event, record a
 * payment made another way, cancel), then its history: who did what, when.
 */
export function BookingDetail({
  view,
  words,
  bookingWords,
  client,
  onChange,
  onEdit,
}: {
  view: StudioView;
  words: StudioWords;
  bookingWords: BookingWords;
  client: StudioClient;
  onChange(view: StudioView): void;
  /** Opens the proposal's form: a new version, before it is signed. */
  onEdit(): void;
}) {
  const id = useId();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [move, setMove] = useState({ event: view.events[0]?.id ?? '', date: '' });
  const [payment, setPayment] = useState({
    instalment: view.instalments.find((each) => !each.paid)?.id ?? '',
    method: 'etransfer' as 'etransfer' | 'bank' | 'cash',
    payer: view.signers[0]?.name ?? '',
  });
  const param = { param: { id: view.id } };

  async function act(request: () => Promise<Response>) {
    setBusy(true);
    const asked = await ask<StudioView>(request);
    setBusy(false);
    if ('ok' in asked) {
      setProblem('');
      onChange(asked.ok);
    } else setProblem('error' in asked ? asked.error : 'The service cannot be reached.');
  }

  const submit = (request: () => Promise<Response>) => (event: FormEvent) => {
    event.preventDefault();
    void act(request);
  };

  return (
    <article aria-labelledby={`${id}-couple`} className={styles.layout}>
      <h2 id={`${id}-couple`}>
        {view.couple} <span className={styles.badge}>{words.statuses[view.status]}</span>
      </h2>
      {view.viewedAt && (
        <p className={styles.muted}>
          {words.viewed}: {shortDay(view.viewedAt)}
        </p>
      )}
      <BookingStatus view={view} words={bookingWords} />
      {problem && (
        <p role="alert" className={formStyles.error}>
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        {view.status !== 'cancelled' && view.status !== 'cancelling' && (
          <button
            type="button"
            className={button.primary}
            disabled={busy}
            onClick={() => void act(() => client.bookings[':id'].send.$post(param))}
          >
            {view.status === 'draft' ? words.send : words.sendAgain}
          </button>
        )}
        {(view.status === 'draft' || view.status === 'sent') && (
          <button type="button" className={button.outline} disabled={busy} onClick={onEdit}>
            {words.edit}
          </button>
        )}
        {view.link && (
          <button
            type="button"
            className={button.outline}
            disabled={busy}
            onClick={() => void act(() => client.bookings[':id'].withdraw.$post(param))}
          >
            {words.withdraw}
          </button>
        )}
      </div>
      {view.link && (
        <p>
          {words.proposalLink}: <a href={view.link}>{view.link}</a>
        </p>
      )}
      <BookingSummary view={view} words={bookingWords} headingLevel={3} />
      {view.status === 'signed' && (
        <ul className={styles.links}>
          {view.instalments
            .filter((each) => !each.paid && each.payToken)
            .map((each) => (
              <li key={each.id}>
                {words.payLink}, {each.label}:{' '}
                {/* This page is the site's: its pay page is at the same origin. */}
                <a
                  href={`/pay/#${each.payToken}`}
                >{`${window.location.origin}/pay/#${each.payToken}`}</a>
              </li>
            ))}
        </ul>
      )}
      {view.status === 'signed' && (
        <form
          className={styles.inline}
          onSubmit={submit(() =>
            client.bookings[':id'].move.$post({
              ...param,
              json: { event: move.event, date: move.date },
            }),
          )}
        >
          <h3>{words.move}</h3>
          <Field label={words.event}>
            <select
              className={formStyles.input}
              value={move.event}
              onChange={(e) => setMove({ ...move, event: e.target.value })}
            >
              {view.events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name} ({shortDay(event.date)})
                </option>
              ))}
            </select>
          </Field>
          <TextField
            label={words.moveTo}
            type="date"
            required
            value={move.date}
            onValue={(value) => setMove({ ...move, date: value })}
          />
          <button type="submit" className={button.outline} disabled={busy}>
            {words.move}
          </button>
        </form>
      )}
      {(view.status === 'sent' || view.status === 'signed') &&
        view.instalments.some((each) => !each.paid) && (
          <form
            className={styles.inline}
            onSubmit={submit(() =>
              client.bookings[':id'].payments.$post({ ...param, json: payment }),
            )}
          >
            <h3>{words.record}</h3>
            <Field label={words.instalment}>
              <select
                className={formStyles.input}
                value={payment.instalment}
                onChange={(e) => setPayment({ ...payment, instalment: e.target.value })}
              >
                {view.instalments
                  .filter((each) => !each.paid)
                  .map((each) => (
                    <option key={each.id} value={each.id}>
                      {each.label}
                    </option>
                  ))}
              </select>
            </Field>
            <Field label={words.method}>
              <select
                className={formStyles.input}
                value={payment.method}
                onChange={(e) =>
                  setPayment({ ...payment, method: e.target.value as typeof payment.method })
                }
              >
                {(['etransfer', 'bank', 'cash'] as const).map((method) => (
                  <option key={method} value={method}>
                    {words.methods[method]}
                  </option>
                ))}
              </select>
            </Field>
            <TextField
              label={words.payer}
              required
              value={payment.payer}
              onValue={(value) => setPayment({ ...payment, payer: value })}
            />
            <button type="submit" className={button.outline} disabled={busy}>
              {words.record}
            </button>
          </form>
        )}
      {view.status !== 'cancelled' && view.status !== 'draft' && (
        <details className={styles.change}>
          <summary>{words.cancel}</summary>
          <p>{words.cancelConfirm}</p>
          <button
            type="button"
            className={button.outline}
            disabled={busy}
            onClick={() => void act(() => client.bookings[':id'].cancel.$post(param))}
          >
            {words.cancel}
          </button>
        </details>
      )}
      <section aria-labelledby={`${id}-history`} className={styles.block}>
        <h3 id={`${id}-history`}>{words.history}</h3>
        <ol className={styles.history}>
          {view.audit.map((line, index) => (
            <li key={index}>
              <time dateTime={new Date(line.at).toISOString()}>
                {new Date(line.at).toLocaleString('en-CA')}
              </time>{' '}
              {line.actor}: {line.action}
              {line.detail && <span className={styles.muted}> · {line.detail}</span>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
