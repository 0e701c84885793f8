'use client';

import { useId, useState, type FormEvent } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { BookingWords } from '@/lib/booking/content';
import { ask, coupleClient, downloadDocument, type BookingView } from '@/lib/booking/client';
import { useBookingLink } from './use-booking-link';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney } from '@/lib/shared/money';
import { BookingStatus, BookingSummary, shortDay } from './booking-summary';
import { styles } from './booking-styles';
import { PayInstalment, type PayingPageProps } from './pay-instalment';
import { SignContract } from './sign-contract';
import { focusIdInView } from '@/lib/browser/focus';

/**
 * The couple's proposal, from the private link the studio e-mailed (/proposal/#<token>): where
 * the booking stands, each event and the money, the schedule, a change asked for, the contract
 * signed with an e-mailed code, the signed PDF, and the next instalment paid through PayPal.
 */
export function Proposal({ words, paymentWords, apiBaseUrl, paypalClientId }: PayingPageProps) {
  const { token, view, update, placeholder } = useBookingLink<BookingView>(
    words,
    apiBaseUrl,
    'open',
  );
  // The receipt of what was just paid, said where the payment was made.
  const [receipt, setReceipt] = useState<string | null>(null);
  if (!view) return placeholder;
  const due = view.status === 'signed' && !view.toSign ? view.next : null;
  const dueInstalment = due && view.instalments.find((each) => each.id === due.id);
  return (
    <div className={styles.layout}>
      {receipt && (
        <p role="status" className={styles.notice}>
          {receipt}
        </p>
      )}
      <BookingStatus view={view} words={words} />
      {view.status === 'sent' && view.changes.length > 0 && (
        <p className={styles.notice}>
          {fillIn(words.changed, { changes: view.changes.join('; ') })}
        </p>
      )}
      {view.note && <p className={styles.lead}>{view.note}</p>}
      {view.status === 'sent' && <p className={styles.lead}>{words.proposalIntro}</p>}
      <BookingSummary view={view} words={words} />
      {view.documents.length > 0 && (
        <ul className={styles.documents}>
          {view.documents.map((doc) => (
            <li key={doc.id}>
              <button
                type="button"
                className={button.outline}
                onClick={() => void downloadDocument(apiBaseUrl, token, doc.id, doc.title)}
              >
                {doc.kind === 'contract' ? words.download : `${doc.title} (PDF)`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {dueInstalment && (
        <PayInstalment
          key={dueInstalment.id}
          token={token}
          fromProposal
          instalment={dueInstalment}
          currency={view.currency}
          payerName={view.signers[0]?.name ?? ''}
          words={words}
          paymentWords={paymentWords}
          apiBaseUrl={apiBaseUrl}
          paypalClientId={paypalClientId}
          onPaid={(next) => {
            const paid = next.instalments.find((each) => each.id === dueInstalment.id)?.paid;
            if (paid) {
              const amount = formatMoney(dueInstalment.cents, next.currency);
              setReceipt(fillIn(words.receipt, { amount, date: shortDay(paid.at) }));
            }
            update(next);
          }}
        />
      )}
      {view.toSign && (
        <SignContract
          key={view.toSign.id}
          token={token}
          view={view}
          toSign={view.toSign}
          words={words}
          apiBaseUrl={apiBaseUrl}
          onSigned={update}
        />
      )}
      {view.status !== 'cancelled' && (
        <AskChange token={token} words={words} apiBaseUrl={apiBaseUrl} />
      )}
    </div>
  );
}

/** "Ask for a change": the couple's words to the studio; kept on screen when sending fails. */
function AskChange({
  token,
  words,
  apiBaseUrl,
}: {
  token: string;
  words: BookingWords;
  apiBaseUrl: string;
}) {
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | string>('idle');
  const id = useId();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) return focusIdInView(id);
    setStatus('sending');
    const asked = await ask<{ sent: true }>(() =>
      coupleClient(apiBaseUrl).change.$post({ json: { token, message } }),
    );
    if ('ok' in asked) {
      setMessage('');
      setStatus('sent');
    } else setStatus('error' in asked ? asked.error : words.unavailable);
  }

  return (
    <details className={styles.change}>
      <summary>{words.askChange}</summary>
      <form onSubmit={send} className={styles.form}>
        <div className={formStyles.field}>
          <label htmlFor={id} className={formStyles.label}>
            {words.askChangeHint}
          </label>
          <textarea
            id={id}
            className={formStyles.input}
            rows={4}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <button type="submit" className={button.primary} disabled={status === 'sending'}>
          {words.askChange}
        </button>
        {status === 'sent' && <p role="status">{words.changeSent}</p>}
        {status !== 'idle' && status !== 'sending' && status !== 'sent' && (
          <p role="alert" className={formStyles.error}>
            {status}
          </p>
        )}
      </form>
    </details>
  );
}
