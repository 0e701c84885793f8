'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import button from '@/components/ui/button.module.css';
import { ErrorSummary } from '@/components/ui/error-summary';
import formStyles from '@/components/ui/form.module.css';
import type { BookingWords } from '@/lib/booking/content';
import { ask, coupleClient, type BookingView } from '@/lib/booking/client';
import { fillIn } from '@/lib/shared/copy';
import { styles } from './booking-styles';
import { focusIdInView, focusInView } from '@/lib/browser/focus';

type ToSign = NonNullable<BookingView['toSign']>;

/**
 * The contract (or an addendum) in full, then its signing: who signs (of the signers still to
 * sign), the consent, the full name typed, and a code e-mailed to that signer's own address. The
 * text's SHA-256 goes with the signature, so the service refuses it when the text changed since.
 */
export function SignContract({
  token,
  view,
  toSign,
  words,
  apiBaseUrl,
  onSigned,
}: {
  token: string;
  view: BookingView;
  toSign: ToSign;
  words: BookingWords;
  apiBaseUrl: string;
  onSigned(view: BookingView): void;
}) {
  const waiting = view.signers.flatMap((signer, index) => (signer.signed ? [] : [index]));
  const [chosen, setChosen] = useState(waiting[0] ?? 0);
  // Once the one chosen has signed, the next still to sign.
  const signer = waiting.includes(chosen) ? chosen : (waiting[0] ?? 0);
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ id: string; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const id = useId();
  const ids = {
    consent: `${id}-consent`,
    name: `${id}-name`,
    code: `${id}-code`,
    who: `${id}-who`,
  };
  const client = coupleClient(apiBaseUrl);
  const who = view.signers[signer]!;

  function show(found: { id: string; message: string }[]) {
    flushSync(() => setProblems(found));
    if (found.length > 0) {
      focusInView(summary.current);
    }
  }

  async function sendCode() {
    setBusy(true);
    const asked = await ask<{ sent: true }>(() => client.code.$post({ json: { token, signer } }));
    setBusy(false);
    if ('ok' in asked) {
      setCodeSentTo(who.email);
      show([]);
      focusIdInView(ids.code);
    } else show([{ id: ids.code, message: 'error' in asked ? asked.error : words.unavailable }]);
  }

  async function sign(event: FormEvent) {
    event.preventDefault();
    const found = [
      ...(consent ? [] : [{ id: ids.consent, message: words.consent }]),
      ...(name.trim() ? [] : [{ id: ids.name, message: words.signerName }]),
      ...(/^\d{6}$/.test(code.trim()) ? [] : [{ id: ids.code, message: words.code }]),
    ];
    if (found.length > 0) return show(found);
    setBusy(true);
    const asked = await ask<BookingView>(() =>
      client.sign.$post({
        json: { token, signer, name, code: code.trim(), consent: true, sha256: toSign.sha256 },
      }),
    );
    setBusy(false);
    if ('ok' in asked) {
      setCode('');
      setName('');
      setConsent(false);
      setCodeSentTo(null);
      show([]);
      onSigned(asked.ok);
    } else {
      const message = 'error' in asked ? asked.error : words.unavailable;
      show([{ id: /name/i.test(message) ? ids.name : ids.code, message }]);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={styles.block}>
      <h2 id={`${id}-heading`}>{toSign.kind === 'contract' ? words.signHeading : toSign.title}</h2>
      <div className={styles.contract} tabIndex={0} aria-label={toSign.title}>
        {toSign.text}
      </div>
      <p className={styles.muted}>
        Version {toSign.version} · SHA-256 <code className={styles.hash}>{toSign.sha256}</code>
      </p>
      {view.signers
        .filter((each) => each.signed)
        .map((each) => (
          <p key={each.email} className={styles.paid}>
            ✓ {each.name}
          </p>
        ))}
      <form className={styles.form} onSubmit={sign} noValidate>
        {problems.length > 0 && (
          <ErrorSummary
            ref={summary}
            id={`${id}-problems`}
            heading={words.signHeading}
            problems={problems}
          />
        )}
        {waiting.length > 1 && (
          <fieldset className={styles.choice}>
            <legend>{words.whoSigns}</legend>
            {waiting.map((index) => (
              <label key={index}>
                <input
                  type="radio"
                  name={ids.who}
                  checked={signer === index}
                  onChange={() => {
                    setChosen(index);
                    setCodeSentTo(null);
                  }}
                />{' '}
                {view.signers[index]!.name}
              </label>
            ))}
          </fieldset>
        )}
        {waiting.length === 1 && view.signers.length > 1 && (
          <p>{fillIn(words.waitingFor, { name: who.name })}</p>
        )}
        <label className={styles.consent}>
          <input
            id={ids.consent}
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />{' '}
          {words.consent}
        </label>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={ids.name}>
            {words.signerName}
          </label>
          <input
            id={ids.name}
            className={formStyles.input}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="button" className={button.outline} onClick={sendCode} disabled={busy}>
          {fillIn(words.sendCode, { email: who.email })}
        </button>
        {codeSentTo && <p role="status">{fillIn(words.codeSent, { email: codeSentTo })}</p>}
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={ids.code}>
            {words.code}
          </label>
          <input
            id={ids.code}
            className={formStyles.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <button type="submit" className={button.primary} disabled={busy}>
          {words.sign}
        </button>
      </form>
    </section>
  );
}
