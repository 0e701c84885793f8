'use client';

import { useForm, ValidationError } from '@formspree/react';
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { trackEvent } from '@/components/analytics/analytics';
import { useDocumentTitle } from '@/lib/browser/document-title';
import type { Availability, Contact } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { inputId, isAsked, problems, sectionOf, type Section } from '@/lib/browser/enquiry/check';
import { todayOf } from '@/lib/browser/enquiry/dates';
import {
  emptyEnquiry,
  isBlank,
  MAX_EVENTS,
  nextEvent,
  prefill,
  readDraft,
  writeDraft,
  type Enquiry,
  type EnquiryEvent,
} from '@/lib/browser/enquiry/model';
import { initialState, reducer } from '@/lib/browser/enquiry/form-state';
import {
  readSent,
  SENT_KEY,
  sentRecord,
  writeSent,
  type SentEnquiry,
} from '@/lib/browser/enquiry/sent';
import { currencyFor, submission } from '@/lib/browser/enquiry/submission';
import { TURNSTILE_FIELD } from '@/lib/browser/enquiry/turnstile';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { EnquiryCheck } from './enquiry-check';
import { EnquiryCountry } from './enquiry-country';
import { EnquiryEvents } from './enquiry-events';
import { EnquiryNotices } from './enquiry-notices';
import { EnquiryReply } from './enquiry-reply';
import { ErrorSummary } from './error-summary';
import { FixedField } from './fixed-field';
import { Turnstile } from './turnstile';
import styles from './enquiry.module.css';

/** Where the device keeps the draft. */
const DRAFT_KEY = 'saanjh.enquiry';

type Props = {
  formKey: string;
  /** Cloudflare Turnstile's site key: the bot check, off without it. */
  turnstileSiteKey?: string;
  contact: Contact;
  schedulingUrl: string;
  phone: string;
  /** The studio's calendar, said of each date while it is fresh. */
  availability: Availability;
  /** Formspree e-mails the couple a copy (its autoresponse is set up). */
  copyEmailed: boolean;
  studioName: string;
  /** The page's own title, which the form's titles wrap: "Error: Contact | Saanjh Studio". */
  pageTitle: string;
};

const focus = (id: string) => {
  const element = document.getElementById(id);
  element?.focus();
  element?.scrollIntoView({ block: 'center' });
};

/**
 * The wedding enquiry, sent to Formspree in one submission: the fixed fields (names, e-mail,
 * phone, how they heard, message), the country once, then the events (one fieldset each, up to
 * ten, each with its coverage), a budget in the couple's currency, checked on one summary before
 * Send. The draft stays on the device until Formspree has it; the answer is made on the page from
 * what they sent, and kept on the device for their return.
 */
export function EnquiryForm({
  formKey,
  turnstileSiteKey,
  contact,
  schedulingUrl,
  phone,
  availability,
  copyEmailed,
  studioName,
  pageTitle,
}: Props) {
  const copy = contact.enquiry;
  const [sent, send] = useForm(formKey);
  const [state, dispatch] = useReducer(reducer, initialState);
  const { enquiry, step } = state;
  const honeypot = useRef<HTMLInputElement>(null);
  const botCheck = useRef('');
  const summary = useRef<HTMLDivElement>(null);
  const today = () => todayOf(new Date());

  const check = (next: Enquiry) => problems(next, contact.fields, copy, today());
  const edit = (change: (enquiry: Enquiry) => Enquiry) =>
    dispatch({ type: 'edit', change, recheck: check });

  // The draft the device kept, then a link's pre-fill where the draft left the first event empty;
  // with neither, the enquiry this device sent before, if any.
  useEffect(() => {
    let draft: Enquiry | null = null;
    let kept: SentEnquiry | null = null;
    try {
      draft = readDraft(window.localStorage.getItem(DRAFT_KEY));
      kept = readSent(window.localStorage.getItem(SENT_KEY));
    } catch {
      // Storage refused (a private window): the form still works, without a kept draft.
    }
    const params = new URLSearchParams(window.location.search);
    const restored = draft !== null && !isBlank(draft);
    const filled = prefill(draft ?? emptyEnquiry(), params, copy.eventKinds);
    dispatch({
      type: 'loaded',
      enquiry: filled.enquiry,
      restored,
      prefilled: filled.filled,
      kept: restored || filled.filled ? null : kept,
    });
    // Read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Kept as they type; forgotten once Formspree has it.
  useEffect(() => {
    if (!state.loaded) return;
    try {
      if (sent.succeeded || isBlank(enquiry)) window.localStorage.removeItem(DRAFT_KEY);
      else window.localStorage.setItem(DRAFT_KEY, writeDraft(enquiry));
    } catch {
      // As above: nothing kept, nothing lost on this page.
    }
  }, [enquiry, state.loaded, sent.succeeded]);

  // What was sent (made at Send), kept on the device once Formspree has it, for their return.
  useEffect(() => {
    if (!sent.succeeded || !state.sending) return;
    try {
      window.localStorage.setItem(SENT_KEY, writeSent(state.sending));
    } catch {
      // Not kept: the reply is still on this page.
    }
    trackEvent('generate_lead', {
      event_count: enquiry.events.length,
      currency: currencyFor(enquiry.country, copy.countries),
    });
    // Once per enquiry sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent.succeeded]);

  // Formspree refused some fields: back to the form, where each says why under it, with focus on
  // the first (once the form is back: hence the ref, read after the next render).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const [first] = sent.errors?.getAllFieldErrors() ?? [];
    if (!first) return;
    const [name] = first;
    focusNext.current =
      name === 'eventDate' && enquiry.events[0]
        ? inputId.event(enquiry.events[0], 'day')
        : name === 'cityCountry'
          ? inputId.country
          : inputId.field(String(name));
    dispatch({ type: 'change' });
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent.errors]);
  useEffect(() => {
    if (step !== 'edit' || !focusNext.current) return;
    focus(focusNext.current);
    focusNext.current = null;
  }, [step]);

  // The page's title says where the couple is: "Error: …", "Check your answers: …", "Enquiry sent: …".
  const fieldErrors = (sent.errors?.getAllFieldErrors().length ?? 0) > 0;
  const titleState =
    sent.succeeded || state.kept
      ? copy.titles.sent
      : step === 'check'
        ? copy.titles.check
        : state.problems.length > 0 || fieldErrors
          ? copy.titles.error
          : null;
  useDocumentTitle(titleState ? fillIn(titleState, { title: pageTitle }) : pageTitle, pageTitle);

  const reply = sent.succeeded ? state.sending : state.kept;
  if (reply) {
    return (
      <EnquiryReply
        record={reply}
        returning={!sent.succeeded}
        onStartNew={() => dispatch({ type: 'start-new' })}
        copy={copy}
        success={contact.success}
        phone={phone}
        copyEmailed={copyEmailed}
        studioName={studioName}
      />
    );
  }
  if (sent.succeeded) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 'check') {
      const data = submission(enquiry, copy, today(), honeypot.current?.value ?? '', availability);
      if (botCheck.current) data[TURNSTILE_FIELD] = botCheck.current;
      const record = sentRecord(enquiry, copy, today(), schedulingUrl, availability);
      dispatch({ type: 'send', record });
      void send(data);
      return;
    }
    const found = check(enquiry);
    flushSync(() => dispatch({ type: 'checked', problems: found }));
    if (found.length > 0) summary.current?.focus();
    else focus('enquiry-check-heading');
  };

  const change = (section: Section) => {
    flushSync(() => dispatch({ type: 'change' }));
    focus(`enquiry-${section}`);
  };

  const addEvent = () => {
    const id = Math.max(...enquiry.events.map((event) => event.id)) + 1;
    flushSync(() => edit((e) => ({ ...e, events: [...e.events, nextEvent(id, e.events.at(-1))] })));
    focus(inputId.event({ id }, 'kind'));
  };

  const removeEvent = (removed: EnquiryEvent) => {
    const index = enquiry.events.indexOf(removed);
    const rest = enquiry.events.filter((event) => event !== removed);
    flushSync(() => {
      edit((e) => ({ ...e, events: e.events.filter((event) => event.id !== removed.id) }));
      dispatch({ type: 'announce', text: copy.event.removed.replace('{n}', String(index + 1)) });
    });
    // The event that took its place, or the one before it when it was the last.
    focus(inputId.event(rest[Math.min(index, rest.length - 1)]!, 'kind'));
  };

  const problemFor = (id: string) => state.problems.find((problem) => problem.id === id);
  const specFields = (section: Section) =>
    contact.fields
      .filter((field) => isAsked(field) && sectionOf(field.name) === section)
      .map((field) => (
        <FixedField
          key={field.name}
          field={field}
          value={enquiry.fields[field.name] ?? ''}
          onChange={(value) =>
            edit((e) => ({ ...e, fields: { ...e.fields, [field.name]: value } }))
          }
          problem={problemFor(inputId.field(field.name))?.message}
          errors={sent.errors}
        />
      ));
  /** Formspree's errors for a spec field the form makes (eventDate, cityCountry), with its prefix. */
  const madeFieldErrors = (name: 'eventDate' | 'cityCountry') => (
    <ValidationError
      className={formStyles.error}
      prefix={contact.fields.find((f) => f.name === name)?.errorPrefix}
      field={name}
      errors={sent.errors}
    />
  );
  const formErrors = sent.errors?.getFormErrors() ?? [];
  const unreachable = formErrors.some((error) => !error.code || error.code === 'UNSPECIFIED');
  const currency = currencyFor(enquiry.country, copy.countries);
  const bands = [...copy.budget.bands[currency], copy.budget.notSure];
  const sectionHeading = (section: Section) => (
    <h2 id={`enquiry-${section}`} className={styles.sectionHeading} tabIndex={-1}>
      {copy.sections[section]}
    </h2>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className="visually-hidden" aria-live="polite">
        {state.announcement}
      </p>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="contact-gotcha">Leave this empty</label>
        <input
          ref={honeypot}
          id="contact-gotcha"
          type="text"
          name="_gotcha"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {step === 'check' ? (
        <EnquiryCheck
          enquiry={enquiry}
          contact={contact}
          availability={availability}
          onChange={change}
          submitting={sent.submitting}
          botCheck={
            turnstileSiteKey && (
              <Turnstile
                siteKey={turnstileSiteKey}
                onToken={(token) => (botCheck.current = token)}
              />
            )
          }
          alert={
            unreachable ? (
              <p className={formStyles.error}>{contact.networkError}</p>
            ) : (
              <ValidationError className={formStyles.error} errors={sent.errors} />
            )
          }
        />
      ) : (
        <>
          <EnquiryNotices
            copy={copy}
            restored={state.restored}
            prefilled={state.prefilled}
            cleared={state.cleared !== null}
            onStartAgain={() => {
              // Focus moves to Undo, which takes the place of the button pressed.
              flushSync(() => dispatch({ type: 'start-again' }));
              focus('enquiry-undo');
            }}
            onUndo={() => dispatch({ type: 'undo' })}
          />
          {state.problems.length > 0 && (
            <ErrorSummary
              ref={summary}
              heading={copy.errors.summary}
              problems={state.problems}
              onChoose={focus}
            />
          )}

          <section className={styles.section} aria-labelledby="enquiry-about">
            {sectionHeading('about')}
            <div className={formStyles.form}>{specFields('about')}</div>
          </section>

          <section className={styles.section} aria-labelledby="enquiry-events">
            {sectionHeading('events')}
            <p className={styles.intro}>{copy.eventsIntro}</p>
            <EnquiryCountry
              copy={copy}
              enquiry={enquiry}
              problemFor={problemFor}
              onEdit={(change) => edit((e) => ({ ...e, ...change(e) }))}
              errors={madeFieldErrors('cityCountry')}
            />
            <EnquiryEvents
              events={enquiry.events}
              copy={copy}
              availability={availability}
              problemFor={problemFor}
              onEdit={(id, change) =>
                edit((e) => ({
                  ...e,
                  events: e.events.map((event) =>
                    event.id === id ? { ...event, ...change } : event,
                  ),
                }))
              }
              onRemove={removeEvent}
              dateErrors={madeFieldErrors('eventDate')}
            />
            {enquiry.events.length < MAX_EVENTS ? (
              <button
                type="button"
                className={`${button.outline} ${styles.add}`}
                onClick={addEvent}
              >
                {copy.event.add}
              </button>
            ) : (
              <p className={styles.intro}>{copy.event.max}</p>
            )}
          </section>

          <section className={styles.section} aria-labelledby="enquiry-message">
            {sectionHeading('message')}
            <div className={formStyles.form}>
              <div className={formStyles.field}>
                <label htmlFor="enquiry-budget" className={formStyles.label}>
                  {copy.budget.label}
                </label>
                <select
                  id="enquiry-budget"
                  className={formStyles.input}
                  value={enquiry.budget}
                  onChange={(event) => {
                    const budget = event.target.value;
                    edit((e) => ({ ...e, budget }));
                  }}
                >
                  <option value="">Choose one</option>
                  {bands.map((band) => (
                    <option key={band}>{band}</option>
                  ))}
                </select>
              </div>
              {specFields('message')}
            </div>
          </section>

          <button type="submit" className={`${button.primary} ${styles.send}`}>
            {copy.checkLabel}
          </button>
        </>
      )}
    </form>
  );
}
