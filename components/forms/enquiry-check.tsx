import type { ReactNode } from 'react';
import type { Contact } from '@/lib/content';
import { sectionOf, type Section } from '@/lib/enquiry/check';
import { todayOf } from '@/lib/enquiry/dates';
import type { Enquiry } from '@/lib/enquiry/model';
import { eventLine, plannedEvents } from '@/lib/enquiry/submission';
import button from '@/components/ui/button.module.css';
import styles from './enquiry.module.css';

type Props = {
  enquiry: Enquiry;
  contact: Contact;
  onChange: (section: Section) => void;
  submitting: boolean;
  /** Turnstile's widget, when the bot check is on. */
  botCheck?: ReactNode;
  /** Formspree's form-level answer (the inbox unreachable, say), above Send. */
  alert: ReactNode;
};

/** Everything the couple wrote, section by section, each with its Change button, then Send. */
export function EnquiryCheck({ enquiry, contact, onChange, submitting, botCheck, alert }: Props) {
  const copy = contact.enquiry;
  const none = <span className={styles.none}>{copy.check.none}</span>;
  const rows = (section: Section) =>
    contact.fields
      .filter((field) => field.name !== 'eventDate' && sectionOf(field.name) === section)
      .map((field) => (
        <div key={field.name} className={styles.row}>
          <dt>{field.label}</dt>
          <dd>{enquiry.fields[field.name]?.trim() || none}</dd>
        </div>
      ));
  const part = (section: Section, body: ReactNode) => (
    <section className={styles.checkSection} aria-labelledby={`check-${section}`}>
      <div className={styles.checkHead}>
        <h3 id={`check-${section}`}>{copy.sections[section]}</h3>
        <button type="button" className={styles.change} onClick={() => onChange(section)}>
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
          <dl>{rows('events')}</dl>
          <ul className={styles.checkEvents}>
            {plannedEvents(enquiry, copy, todayOf(new Date())).map((event, index) => (
              <li key={index}>{eventLine(event, copy)}</li>
            ))}
          </ul>
        </>,
      )}
      {part(
        'coverage',
        <dl>
          <div className={styles.row}>
            <dt>{copy.coverage.label}</dt>
            <dd>{enquiry.coverage ? copy.coverage[enquiry.coverage] : none}</dd>
          </div>
          <div className={styles.row}>
            <dt>{copy.country.label}</dt>
            <dd>{enquiry.country || none}</dd>
          </div>
          <div className={styles.row}>
            <dt>{copy.budget.label}</dt>
            <dd>{enquiry.budget || none}</dd>
          </div>
        </dl>,
      )}
      {part('message', <dl>{rows('message')}</dl>)}
      {botCheck}
      <div className={styles.actions} role="alert">
        {alert}
      </div>
      <button type="submit" className={`${button.primary} ${styles.send}`} disabled={submitting}>
        {contact.submitLabel}
      </button>
    </>
  );
}
