import type { ReactNode } from 'react';
import type { Availability, Contact } from '@/lib/content';
import { isAsked, sectionOf, type Section } from '@/lib/browser/enquiry/check';
import { todayOf } from '@/lib/browser/enquiry/dates';
import type { Enquiry } from '@/lib/browser/enquiry/model';
import {
  countryOf,
  eventLine,
  plannedEvents,
  weddingEstimate,
} from '@/lib/browser/enquiry/submission';
import button from '@/components/ui/button.module.css';
import styles from './enquiry.module.css';

type Props = {
  enquiry: Enquiry;
  contact: Contact;
  availability: Availability;
  onChange: (section: Section) => void;
  submitting: boolean;
  /** Turnstile's widget, when the bot check is on. */
  botCheck?: ReactNode;
  /** Formspree's form-level answer (the inbox unreachable, say), above Send. */
  alert: ReactNode;
};

/** Everything the couple wrote, section by section, each with its Change button, then Send. */
export function EnquiryCheck({
  enquiry,
  contact,
  availability,
  onChange,
  submitting,
  botCheck,
  alert,
}: Props) {
  const copy = contact.enquiry;
  const events = plannedEvents(enquiry, copy, todayOf(new Date()), availability);
  const none = <span className={styles.none}>{copy.check.none}</span>;
  const rows = (section: Section) =>
    contact.fields
      .filter((field) => isAsked(field) && sectionOf(field.name) === section)
      .map((field) => (
        <div key={field.name} className={styles.row}>
          <dt>{field.label}</dt>
          <dd>{enquiry.fields[field.name]?.trim() || none}</dd>
        </div>
      ));
  const row = (label: string, value: string) => (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{value || none}</dd>
    </div>
  );
  const part = (section: Section, body: ReactNode) => (
    <section className={styles.checkSection} aria-labelledby={`check-${section}`}>
      <div className={styles.checkHead}>
        <h3 id={`check-${section}`}>{copy.sections[section]}</h3>
        <button
          type="button"
          className={`${button.text} ${styles.change}`}
          onClick={() => onChange(section)}
        >
          {copy.check.change}
          <span className="visually-hidden"> {copy.sections[section].toLowerCase()}</span>
        </button>
      </div>
      {body}
    </section>
  );

  return (
    <>
      <div className={styles.section}>
        <h2 id="enquiry-check-heading" className={styles.sectionHeading} tabIndex={-1}>
          {copy.check.heading}
        </h2>
        <p className={styles.intro}>{copy.check.intro}</p>
      </div>
      {part('about', <dl>{rows('about')}</dl>)}
      {part(
        'events',
        <>
          <dl>{row(copy.country.label, countryOf(enquiry, copy))}</dl>
          <ul className={styles.checkEvents}>
            {events.map((event, index) => (
              <li key={index}>{eventLine(event, copy)}</li>
            ))}
          </ul>
          <p>{weddingEstimate(events, enquiry, copy)}</p>
        </>,
      )}
      {part(
        'message',
        <dl>
          {row(copy.budget.label, enquiry.budget)}
          {rows('message')}
        </dl>,
      )}
      {botCheck}
      <div className={styles.actions} role="alert">
        {alert}
      </div>
      {/* Not `disabled` while sending: a disabled button drops focus to the page, and a failed
          send should leave the couple on Send, beside what went wrong. */}
      <button
        type="submit"
        className={`${button.primary} ${styles.send}`}
        aria-disabled={submitting || undefined}
      >
        {contact.submitLabel}
      </button>
    </>
  );
}
