import type { ReactNode } from 'react';
import type { Availability, EnquiryCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { dayState } from '@/lib/browser/enquiry/availability';
import { inputId, type Problem } from '@/lib/browser/enquiry/check';
import { checkDate, todayOf } from '@/lib/browser/enquiry/dates';
import { coverages, type EnquiryEvent } from '@/lib/browser/enquiry/model';
import { availabilityText } from '@/lib/browser/enquiry/submission';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import styles from './enquiry.module.css';

type Props = {
  events: EnquiryEvent[];
  copy: EnquiryCopy;
  availability: Availability;
  problemFor: (id: string) => Problem | undefined;
  onEdit: (id: number, change: Partial<EnquiryEvent>) => void;
  onRemove: (event: EnquiryEvent) => void;
  /** Formspree's errors for the form's eventDate, shown under the first event's date. */
  dateErrors: ReactNode;
};

/** A kind and the family's name for it, as one option of the select: "ceremony|Anand Karaj". */
const kindValue = (kind: string, name = '') => (name ? `${kind}|${name}` : kind);

/** The events, one fieldset each: "Event 2 of 3". */
export function EnquiryEvents({
  events,
  copy,
  availability,
  problemFor,
  onEdit,
  onRemove,
  dateErrors,
}: Props) {
  const today = todayOf(new Date());
  return events.map((event, index) => {
    const date = checkDate(event, today);
    const state = date.kind === 'date' ? dayState(availability, date.date, today) : null;
    const id = (part: string) => inputId.event(event, part);
    const problem = (part: string) => problemFor(id(part));
    /** Props that tie an input to its own message, when it has one. */
    const described = (part: string, hint?: string) => ({
      id: id(part),
      'aria-invalid': problem(part) ? true : undefined,
      'aria-describedby':
        [hint, problem(part) && `${id(part)}-problem`].filter(Boolean).join(' ') || undefined,
    });
    const message = (part: string) =>
      problem(part) && (
        <p id={`${id(part)}-problem`} className={formStyles.error}>
          {problem(part)!.message}
        </p>
      );
    const text = (part: 'city' | 'venue' | 'guests', label: string, hint?: string) => (
      <div className={`${formStyles.field} ${styles[part]}`}>
        <label htmlFor={id(part)} className={formStyles.label}>
          {label}
          {part === 'city' && <span aria-hidden="true"> *</span>}
        </label>
        {hint && (
          <p id={`${id(part)}-hint`} className={styles.hint}>
            {hint}
          </p>
        )}
        {message(part)}
        <input
          {...described(part, hint && `${id(part)}-hint`)}
          className={formStyles.input}
          type="text"
          required={part === 'city'}
          inputMode={part === 'guests' ? 'numeric' : undefined}
          autoComplete={part === 'city' ? 'address-level2' : 'off'}
          value={event[part]}
          onChange={(change) => onEdit(event.id, { [part]: change.target.value })}
        />
      </div>
    );
    return (
      <fieldset key={event.id} className={styles.event}>
        <legend className={styles.legend}>
          {fillIn(copy.event.legend, { n: index + 1 })}
          <span className="visually-hidden">
            {' '}
            {fillIn(copy.event.of, { count: events.length })}
          </span>
        </legend>
        <div className={styles.eventFields}>
          <div className={`${formStyles.field} ${styles.kind}`}>
            <label htmlFor={id('kind')} className={formStyles.label}>
              {copy.event.kind}
              <span aria-hidden="true"> *</span>
            </label>
            {message('kind')}
            <select
              {...described('kind')}
              className={formStyles.input}
              required
              value={kindValue(event.kind, event.name)}
              onChange={(change) => {
                const [kind = '', name = ''] = change.target.value.split('|');
                onEdit(event.id, { kind, name });
              }}
            >
              <option value="" disabled>
                Choose one
              </option>
              {copy.eventKinds.map((kind) =>
                kind.names.length > 0 ? (
                  <optgroup key={kind.value} label={kind.label}>
                    {kind.names.map((name) => (
                      <option key={name} value={kindValue(kind.value, name)}>
                        {name}
                      </option>
                    ))}
                    <option value={kind.value}>{kind.label}</option>
                  </optgroup>
                ) : (
                  <option key={kind.value} value={kind.value}>
                    {kind.label}
                  </option>
                ),
              )}
            </select>
          </div>
          <fieldset
            className={`${formStyles.field} ${styles.date}`}
            aria-describedby={[`${id('date')}-hint`, problem('day') && `${id('day')}-problem`]
              .filter(Boolean)
              .join(' ')}
          >
            <legend className={formStyles.label}>{copy.event.date}</legend>
            <p id={`${id('date')}-hint`} className={styles.hint}>
              {copy.event.dateHint}
            </p>
            {message('day')}
            {index === 0 && dateErrors}
            <div className={styles.dateParts}>
              {(['day', 'month', 'year'] as const).map((part) => (
                <div key={part} className={styles.datePart}>
                  <label htmlFor={id(part)}>{copy.event[part]}</label>
                  <input
                    id={id(part)}
                    className={`${formStyles.input} ${part === 'year' ? styles.year : ''}`}
                    type="text"
                    inputMode="numeric"
                    maxLength={4}
                    aria-invalid={problem('day') ? true : undefined}
                    value={event[part]}
                    onChange={(change) => onEdit(event.id, { [part]: change.target.value })}
                  />
                </div>
              ))}
            </div>
            <p className={styles.availability} aria-live="polite">
              {state && availabilityText(state, copy)}
            </p>
          </fieldset>
          {text('city', copy.event.city)}
          {text('guests', copy.event.guests)}
          {text('venue', copy.event.venue, copy.event.venueHint)}
          <fieldset className={`${formStyles.field} ${styles.choices} ${styles.coverage}`}>
            <legend className={formStyles.label}>{copy.event.coverage}</legend>
            {coverages.map((coverage) => (
              <label key={coverage} className={styles.choice}>
                <input
                  type="radio"
                  name={id('coverage')}
                  value={coverage}
                  checked={event.coverage === coverage}
                  onChange={() => onEdit(event.id, { coverage })}
                />
                {copy.coverage[coverage]}
              </label>
            ))}
          </fieldset>
        </div>
        {events.length > 1 && (
          <button
            type="button"
            className={`${button.text} ${styles.change} ${styles.remove}`}
            onClick={() => onRemove(event)}
          >
            {copy.event.remove}
            <span className="visually-hidden"> {fillIn(copy.event.legend, { n: index + 1 })}</span>
          </button>
        )}
      </fieldset>
    );
  });
}
