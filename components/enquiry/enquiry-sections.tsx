import type { Availability, Contact } from '@/lib/content';
import {
  inputId,
  isAsked,
  sectionOf,
  type Problem,
  type Section,
} from '@/lib/browser/enquiry/check';
import { edits } from '@/lib/browser/enquiry/form-state';
import { MAX_EVENTS, type Enquiry, type EnquiryEvent } from '@/lib/browser/enquiry/model';
import { currencyFor } from '@/lib/browser/enquiry/submission';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { EnquiryCountry } from './enquiry-country';
import { EnquiryEvents } from './enquiry-events';
import { FixedField } from './fixed-field';
import { FormspreeError } from './formspree-error';
import type { FormspreeErrors } from './use-formspree';
import styles from './enquiry.module.css';

// The enquiry's three sections, in the order the form asks them (components/enquiry/enquiry-form.tsx):
// about the couple, the events, the budget and their message.

/** What every section reads: the enquiry, what is wrong with it, and how to change it. */
export type SectionProps = {
  contact: Contact;
  enquiry: Enquiry;
  problemFor: (id: string) => Problem | undefined;
  /** Formspree's answer, whose field errors show under their fields. */
  errors: FormspreeErrors | null;
  edit: (change: (enquiry: Enquiry) => Enquiry) => void;
};

export function AboutSection(props: SectionProps) {
  return (
    <section className={styles.section} aria-labelledby="enquiry-about">
      <SectionHeading section="about" contact={props.contact} />
      <div className={formStyles.form}>
        <SpecFields section="about" {...props} />
      </div>
    </section>
  );
}

export function EventsSection({
  availability,
  onAdd,
  onRemove,
  ...props
}: SectionProps & {
  availability: Availability;
  onAdd: () => void;
  onRemove: (event: EnquiryEvent) => void;
}) {
  const { contact, enquiry, problemFor, edit } = props;
  const copy = contact.enquiry;
  return (
    <section className={styles.section} aria-labelledby="enquiry-events">
      <SectionHeading section="events" contact={contact} />
      <p className={styles.intro}>{copy.eventsIntro}</p>
      <EnquiryCountry
        copy={copy}
        enquiry={enquiry}
        problemFor={problemFor}
        onEdit={(change) => edit(edits.place(change))}
        errors={<MadeFieldErrors name="cityCountry" {...props} />}
      />
      <EnquiryEvents
        events={enquiry.events}
        copy={copy}
        availability={availability}
        problemFor={problemFor}
        onEdit={(id, change) => edit(edits.event(id, change))}
        onRemove={onRemove}
        dateErrors={<MadeFieldErrors name="eventDate" {...props} />}
      />
      {enquiry.events.length < MAX_EVENTS ? (
        <button type="button" className={`${button.outline} ${styles.add}`} onClick={onAdd}>
          {copy.event.add}
        </button>
      ) : (
        <p className={styles.intro}>{copy.event.max}</p>
      )}
    </section>
  );
}

/** The budget, in bands of the wedding's currency, then the couple's message. */
export function MessageSection(props: SectionProps) {
  const { contact, enquiry, edit } = props;
  const copy = contact.enquiry;
  const currency = currencyFor(enquiry.country, copy.countries);
  const bands = [...copy.budget.bands[currency], copy.budget.notSure];
  return (
    <section className={styles.section} aria-labelledby="enquiry-message">
      <SectionHeading section="message" contact={contact} />
      <div className={formStyles.form}>
        <div className={formStyles.field}>
          <label htmlFor="enquiry-budget" className={formStyles.label}>
            {copy.budget.label}
          </label>
          <select
            id="enquiry-budget"
            className={formStyles.input}
            value={enquiry.budget}
            onChange={(event) => edit(edits.budget(event.target.value))}
          >
            <option value="">Choose one</option>
            {bands.map((band) => (
              <option key={band}>{band}</option>
            ))}
          </select>
        </div>
        <SpecFields section="message" {...props} />
      </div>
    </section>
  );
}

/** A section's heading, which "Change" on the summary focuses. */
function SectionHeading({ section, contact }: { section: Section; contact: Contact }) {
  return (
    <h2 id={`enquiry-${section}`} className={styles.sectionHeading} tabIndex={-1}>
      {contact.enquiry.sections[section]}
    </h2>
  );
}

/** The content's fixed fields that this section asks. */
function SpecFields({
  section,
  contact,
  enquiry,
  problemFor,
  errors,
  edit,
}: SectionProps & { section: Section }) {
  return contact.fields
    .filter((field) => isAsked(field) && sectionOf(field.name) === section)
    .map((field) => (
      <FixedField
        key={field.name}
        field={field}
        value={enquiry.fields[field.name] ?? ''}
        onChange={(value) => edit(edits.field(field.name, value))}
        problem={problemFor(inputId.field(field.name))?.message}
        errors={errors}
      />
    ));
}

/** Formspree's errors for a spec field the form makes (eventDate, cityCountry), with its prefix. */
function MadeFieldErrors({
  name,
  contact,
  errors,
}: SectionProps & { name: 'eventDate' | 'cityCountry' }) {
  return (
    <FormspreeError
      className={formStyles.error}
      prefix={contact.fields.find((f) => f.name === name)?.errorPrefix}
      field={name}
      errors={errors}
    />
  );
}
