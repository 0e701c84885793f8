'use client';

import { useForm, ValidationError } from '@formspree/react';
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { trackEvent } from '@/components/analytics/analytics';
import type { Contact } from '@/lib/content';
import { inputId, problems, sectionOf, type Problem, type Section } from '@/lib/enquiry/check';
import { todayOf } from '@/lib/enquiry/dates';
import {
  emptyEnquiry,
  emptyEvent,
  isBlank,
  MAX_EVENTS,
  prefill,
  readDraft,
  writeDraft,
  type Enquiry,
  type EnquiryEvent,
} from '@/lib/enquiry/model';
import { currencyFor, submission } from '@/lib/enquiry/submission';
import { TURNSTILE_FIELD } from '@/lib/enquiry/turnstile';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { EnquiryCheck } from './enquiry-check';
import { EnquiryEvents } from './enquiry-events';
import { EnquiryReply } from './enquiry-reply';
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
};

type State = {
  enquiry: Enquiry;
  step: 'edit' | 'check';
  /** What the last check found; recomputed as the couple corrects it. */
  problems: Problem[];
  /** The draft was restored from the device. */
  restored: boolean;
  /** The device's draft has been read (nothing is written before). */
  loaded: boolean;
  /** Read out by the live region: an event removed. */
  announcement: string;
};

type Action =
  | { type: 'loaded'; enquiry: Enquiry; restored: boolean }
  | { type: 'edit'; change: (enquiry: Enquiry) => Enquiry; recheck: (e: Enquiry) => Problem[] }
  | { type: 'checked'; problems: Problem[] }
  | { type: 'change' }
  | { type: 'announce'; text: string }
  | { type: 'start-again' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'loaded':
      return { ...state, enquiry: action.enquiry, restored: action.restored, loaded: true };
    case 'edit': {
      const enquiry = action.change(state.enquiry);
      // Once the couple has been told what is wrong, each message goes as soon as it is put right.
      const problems = state.problems.length > 0 ? action.recheck(enquiry) : [];
      return { ...state, enquiry, problems, announcement: '' };
    }
    case 'checked':
      return {
        ...state,
        problems: action.problems,
        step: action.problems.length > 0 ? 'edit' : 'check',
      };
    case 'change':
      return { ...state, step: 'edit' };
    case 'announce':
      return { ...state, announcement: action.text };
    case 'start-again':
      return { ...state, enquiry: emptyEnquiry(), problems: [], restored: false, step: 'edit' };
  }
}

const focus = (id: string) => {
  const element = document.getElementById(id);
  element?.focus();
  element?.scrollIntoView({ block: 'center' });
};

/**
 * The wedding enquiry, sent to Formspree in one submission: the fixed fields (name, email, phone, eventDate, message), then the events (one
 * fieldset each, up to ten), the coverage and a budget in the couple's currency, checked on one
 * summary before Send. The draft stays on the device until Formspree has it; the answer is made on
 * the page from what they sent.
 */
export function EnquiryForm({ formKey, turnstileSiteKey, contact, schedulingUrl, phone }: Props) {
  const copy = contact.enquiry;
  const [sent, send] = useForm(formKey);
  const [state, dispatch] = useReducer(reducer, {
    enquiry: emptyEnquiry(),
    step: 'edit',
    problems: [],
    restored: false,
    loaded: false,
    announcement: '',
  });
  const { enquiry, step } = state;
  const honeypot = useRef<HTMLInputElement>(null);
  const botCheck = useRef('');
  const summary = useRef<HTMLDivElement>(null);
  const kinds = copy.eventKinds.map((kind) => kind.value);

  const check = (next: Enquiry) => problems(next, contact.fields, copy, todayOf(new Date()));
  const edit = (change: (enquiry: Enquiry) => Enquiry) =>
    dispatch({ type: 'edit', change, recheck: check });

  // The draft the device kept, then a link's pre-fill where the draft left the first event empty.
  useEffect(() => {
    let kept: Enquiry | null = null;
    try {
      kept = readDraft(window.localStorage.getItem(DRAFT_KEY));
    } catch {
      // Storage refused (a private window): the form still works, without a kept draft.
    }
    const params = new URLSearchParams(window.location.search);
    const restored = kept !== null && !isBlank(kept);
    dispatch({ type: 'loaded', enquiry: prefill(kept ?? emptyEnquiry(), params, kinds), restored });
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

  useEffect(() => {
    if (!sent.succeeded) return;
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

  if (sent.succeeded) {
    return (
      <EnquiryReply
        enquiry={enquiry}
        copy={copy}
        success={contact.success}
        schedulingUrl={schedulingUrl}
        phone={phone}
      />
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 'check') {
      const data = submission(enquiry, copy, todayOf(new Date()), honeypot.current?.value ?? '');
      if (botCheck.current) data[TURNSTILE_FIELD] = botCheck.current;
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
    flushSync(() => edit((e) => ({ ...e, events: [...e.events, emptyEvent(id)] })));
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
      .filter((field) => field.name !== 'eventDate' && sectionOf(field.name) === section)
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
          {state.restored && (
            <div className={styles.notice} role="status">
              <p>{copy.draft.restored}</p>
              <button
                type="button"
                className={button.outline}
                onClick={() => dispatch({ type: 'start-again' })}
              >
                {copy.draft.startAgain}
              </button>
            </div>
          )}
          {state.problems.length > 0 && (
            <div
              ref={summary}
              className={styles.summary}
              tabIndex={-1}
              aria-labelledby="enquiry-problems"
              role="group"
            >
              <h2 id="enquiry-problems" className={styles.summaryHeading}>
                {copy.errors.summary}
              </h2>
              <ul>
                {state.problems.map((problem) => (
                  <li key={problem.id + problem.message}>
                    <a
                      href={`#${problem.id}`}
                      onClick={(event) => {
                        event.preventDefault();
                        focus(problem.id);
                      }}
                    >
                      {problem.message}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <section className={styles.section} aria-labelledby="enquiry-about">
            {sectionHeading('about')}
            <div className={formStyles.form}>{specFields('about')}</div>
          </section>

          <section className={styles.section} aria-labelledby="enquiry-events">
            {sectionHeading('events')}
            <p className={styles.intro}>{copy.eventsIntro}</p>
            <div className={formStyles.form}>{specFields('events')}</div>
            <EnquiryEvents
              events={enquiry.events}
              copy={copy}
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
              dateErrors={
                <ValidationError
                  className={formStyles.error}
                  prefix={contact.fields.find((f) => f.name === 'eventDate')?.errorPrefix}
                  field="eventDate"
                  errors={sent.errors}
                />
              }
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

          <section className={styles.section} aria-labelledby="enquiry-coverage">
            {sectionHeading('coverage')}
            <fieldset className={styles.choices}>
              <legend className={formStyles.label}>{copy.coverage.label}</legend>
              {(['photo', 'film', 'both'] as const).map((coverage) => (
                <label key={coverage} className={styles.choice}>
                  <input
                    type="radio"
                    name="coverage"
                    value={coverage}
                    checked={enquiry.coverage === coverage}
                    onChange={() => edit((e) => ({ ...e, coverage }))}
                  />
                  {copy.coverage[coverage]}
                </label>
              ))}
            </fieldset>
            <div className={formStyles.form}>
              <div className={formStyles.field}>
                <label htmlFor={inputId.country} className={formStyles.label}>
                  {copy.country.label}
                  <span aria-hidden="true"> *</span>
                </label>
                <p id="enquiry-country-hint" className={styles.hint}>
                  {copy.country.hint}
                </p>
                {problemFor(inputId.country) && (
                  <p id="enquiry-country-problem" className={formStyles.error}>
                    {problemFor(inputId.country)!.message}
                  </p>
                )}
                <select
                  id={inputId.country}
                  className={formStyles.input}
                  required
                  value={enquiry.country}
                  aria-invalid={problemFor(inputId.country) ? true : undefined}
                  aria-describedby={
                    problemFor(inputId.country)
                      ? 'enquiry-country-hint enquiry-country-problem'
                      : 'enquiry-country-hint'
                  }
                  onChange={(event) => {
                    const country = event.target.value;
                    edit((e) => ({
                      ...e,
                      country,
                      // A band of another currency means nothing here.
                      budget: [
                        ...copy.budget.bands[currencyFor(country, copy.countries)],
                        copy.budget.notSure,
                      ].includes(e.budget)
                        ? e.budget
                        : '',
                    }));
                  }}
                >
                  <option value="" disabled>
                    Choose one
                  </option>
                  {copy.countries.map((country) => (
                    <option key={country.name}>{country.name}</option>
                  ))}
                  <option>{copy.country.elsewhere}</option>
                </select>
              </div>
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
            </div>
          </section>

          <section className={styles.section} aria-labelledby="enquiry-message">
            {sectionHeading('message')}
            <div className={formStyles.form}>{specFields('message')}</div>
          </section>

          <button type="submit" className={`${button.primary} ${styles.send}`}>
            {copy.checkLabel}
          </button>
        </>
      )}
    </form>
  );
}
