'use client';

import { lazy, Suspense, useEffect, useReducer, useRef, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useDocumentTitle } from '@/lib/browser/document-title';
import type { Availability, Contact } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { inputId, problems, type Section } from '@/lib/browser/enquiry/check';
import { todayOf } from '@/lib/browser/enquiry/dates';
import type { Enquiry, EnquiryEvent } from '@/lib/browser/enquiry/model';
import { edits, initialState, nextEventId, reducer } from '@/lib/browser/enquiry/form-state';
import { TURNSTILE_FIELD } from '@/lib/browser/enquiry/turnstile';
import button from '@/components/ui/button.module.css';
import { ErrorSummary } from '@/components/ui/error-summary';
import formStyles from '@/components/ui/form.module.css';
import { EnquiryCheck } from './enquiry-check';
import { AboutSection, EventsSection, MessageSection, type SectionProps } from './enquiry-sections';
import { FormspreeError } from './formspree-error';
import { useFormspree } from './use-formspree';
import { useEnquiryStorage } from './use-enquiry-storage';
import styles from './enquiry.module.css';
import { focusIdInView, focusInView } from '@/lib/browser/focus';

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

// The bot check's widget, with Cloudflare's script: only where the studio set Turnstile up.
const Turnstile = lazy(() =>
  import('./turnstile').then((module) => ({ default: module.Turnstile })),
);

// What the form says of a kept draft or a link's pre-fill: only on a return or from such a link.
const EnquiryNotices = lazy(() =>
  import('./enquiry-notices').then((module) => ({ default: module.EnquiryNotices })),
);
// The answer to a sent enquiry: fetched on the way to Send (with Formspree's client), or at once for
// a couple who comes back to an enquiry they sent.
const loadReply = () => import('./enquiry-reply');
const EnquiryReply = lazy(() => loadReply().then((module) => ({ default: module.EnquiryReply })));

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
  const [sent, send, prepare] = useFormspree(formKey);
  const [state, dispatch] = useReducer(reducer, initialState);
  const { enquiry, step } = state;
  const honeypot = useRef<HTMLInputElement>(null);
  const botCheck = useRef('');
  const summary = useRef<HTMLDivElement>(null);
  const today = () => todayOf(new Date());

  const check = (next: Enquiry) => problems(next, contact.fields, copy, today());
  const edit = (change: (enquiry: Enquiry) => Enquiry) =>
    dispatch({ type: 'edit', change, recheck: check });

  useEnquiryStorage(state, dispatch, sent.succeeded, copy);

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
    focusIdInView(focusNext.current);
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
      <Suspense>
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
      </Suspense>
    );
  }
  if (sent.succeeded) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 'check') {
      if (sent.submitting) return;
      const honey = honeypot.current?.value ?? '';
      void send(({ submission, sentRecord }) => {
        const data = submission(enquiry, copy, today(), honey, availability);
        if (botCheck.current) data[TURNSTILE_FIELD] = botCheck.current;
        dispatch({
          type: 'send',
          record: sentRecord(enquiry, copy, today(), schedulingUrl, availability),
        });
        return data;
      });
      return;
    }
    const found = check(enquiry);
    flushSync(() => dispatch({ type: 'checked', problems: found }));
    if (found.length > 0) return focusInView(summary.current);
    focusIdInView('enquiry-check-heading');
    prepare();
    void loadReply().catch(() => {});
  };

  const change = (section: Section) => {
    flushSync(() => dispatch({ type: 'change' }));
    focusIdInView(`enquiry-${section}`);
  };

  const addEvent = () => {
    const id = nextEventId(enquiry);
    flushSync(() => edit(edits.addEvent(id)));
    focusIdInView(inputId.event({ id }, 'kind'));
  };

  const removeEvent = (removed: EnquiryEvent) => {
    const index = enquiry.events.indexOf(removed);
    const rest = enquiry.events.filter((event) => event !== removed);
    flushSync(() => {
      edit(edits.removeEvent(removed.id));
      dispatch({ type: 'announce', text: copy.event.removed.replace('{n}', String(index + 1)) });
    });
    // The event that took its place, or the one before it when it was the last.
    focusIdInView(inputId.event(rest[Math.min(index, rest.length - 1)]!, 'kind'));
  };

  const problemFor = (id: string) => state.problems.find((problem) => problem.id === id);
  const sectionProps: SectionProps = { contact, enquiry, problemFor, errors: sent.errors, edit };

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
              <Suspense>
                <Turnstile
                  siteKey={turnstileSiteKey}
                  onToken={(token) => (botCheck.current = token)}
                />
              </Suspense>
            )
          }
          alert={
            sent.unreachable ? (
              <p className={formStyles.error}>{contact.networkError}</p>
            ) : (
              <FormspreeError className={formStyles.error} errors={sent.errors} />
            )
          }
        />
      ) : (
        <>
          {(state.restored || state.prefilled || state.cleared) && (
            <Suspense>
              <EnquiryNotices
                copy={copy}
                restored={state.restored}
                prefilled={state.prefilled}
                cleared={state.cleared !== null}
                // Focus moves to the button that takes the place of the one pressed: Undo, then
                // Start again.
                onStartAgain={() => {
                  flushSync(() => dispatch({ type: 'start-again' }));
                  focusIdInView('enquiry-undo');
                }}
                onUndo={() => {
                  flushSync(() => dispatch({ type: 'undo' }));
                  focusIdInView('enquiry-start-again');
                }}
              />
            </Suspense>
          )}
          {state.problems.length > 0 && (
            <ErrorSummary
              ref={summary}
              id="enquiry-problems"
              heading={copy.errors.summary}
              problems={state.problems}
            />
          )}

          <AboutSection {...sectionProps} />
          <EventsSection
            {...sectionProps}
            availability={availability}
            onAdd={addEvent}
            onRemove={removeEvent}
          />
          <MessageSection {...sectionProps} />

          <button type="submit" className={`${button.primary} ${styles.send}`}>
            {copy.checkLabel}
          </button>
        </>
      )}
    </form>
  );
}
