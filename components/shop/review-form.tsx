'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import button from '@/components/ui/button.module.css';
import { ErrorSummary } from '@/components/ui/error-summary';
import formStyles from '@/components/ui/form.module.css';
import type { ShopCopy } from '@/lib/content';
import {
  openReview,
  refusedForGood,
  sendReview,
  type FieldProblems,
  type OpenAnswer,
  type ReviewRefusal,
} from '@/lib/browser/review-client';
import { fillIn } from '@/lib/shared/copy';
import {
  displayName,
  RATINGS,
  REVIEW_LIMITS,
  reviewProblems,
  type Rating,
  type ReviewFields,
} from '@/lib/shared/review';
import styles from './review-form.module.css';
import { focusInView } from '@/lib/browser/focus';

type Copy = ShopCopy['reviewForm'];

/** "3 November 2026": the day a review was sent. */
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

type State =
  | { kind: 'loading' }
  | { kind: 'no-link' }
  /** The service could not be asked: a reload tries again. */
  | { kind: 'unopened' }
  /** The link cannot be used; what was typed (if anything) stays on screen. */
  | { kind: 'refused'; refusal: Exclude<ReviewRefusal, 'unsaved' | 'unreachable' | 'published'> }
  | { kind: 'published'; pack: OpenAnswer['pack'] }
  | {
      kind: 'form';
      pack: OpenAnswer['pack'];
      /** The day a pending review was sent (a link opened again). */
      sentOn?: string;
      /** Where the last send left it (a refusal keeps what was typed on screen, to copy). */
      status: 'idle' | 'sending' | 'created' | 'updated' | 'fields' | ReviewRefusal;
      fieldProblems: FieldProblems;
    };

const EMPTY: Omit<ReviewFields, 'rating'> & { rating: Rating | null } = {
  rating: null,
  title: '',
  text: '',
  name: '',
};

/**
 * A buyer's review of a pack, from the link of their order e-mail (its token in the address's
 * fragment, which no server sees): stars as a radio group, a title, the text and the name to
 * show. The service keeps one per order and pack, changeable until the studio publishes it.
 */
export function ReviewForm({
  copy,
  apiBaseUrl,
  studioEmail,
  pictures,
}: {
  copy: Copy;
  apiBaseUrl: string;
  studioEmail: string;
  /** Each pack's picture, rendered on the server. */
  pictures: Record<string, ReactNode>;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [fields, setFields] = useState(EMPTY);
  const token = useRef('');
  const status = useRef<HTMLParagraphElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The token is the address's fragment; another link opened in the same tab changes only it.
    const load = () => {
      token.current = decodeURIComponent(window.location.hash.slice(1));
      if (!token.current) return setState({ kind: 'no-link' });
      setState({ kind: 'loading' });
      void openReview(apiBaseUrl, token.current).then((result) => {
        if ('refusal' in result) {
          const { refusal } = result;
          return setState(
            refusal === 'unreachable' || refusal === 'unsaved'
              ? { kind: 'unopened' }
              : { kind: 'refused', refusal: refusal === 'published' ? 'invalid' : refusal },
          );
        }
        const { opened } = result;
        if (opened.state === 'published') {
          return setState({ kind: 'published', pack: opened.pack });
        }
        setFields(opened.review ?? { ...EMPTY, name: displayName(opened.orderName) });
        setState({
          kind: 'form',
          pack: opened.pack,
          sentOn: opened.sentOn,
          status: 'idle',
          fieldProblems: {},
        });
      });
    };
    load();
    window.addEventListener('hashchange', load);
    return () => window.removeEventListener('hashchange', load);
  }, [apiBaseUrl]);

  const say = (template: string) => fillIn(template, { email: studioEmail });

  if (state.kind === 'loading') return <p role="status">{copy.loading}</p>;
  if (state.kind === 'no-link') return <p role="status">{say(copy.noLink)}</p>;
  if (state.kind === 'unopened') return <p role="alert">{copy.openFailed}</p>;
  if (state.kind === 'refused') {
    return <p role="alert">{say(copy.problems[state.refusal])}</p>;
  }

  const packHeading = (
    <div className={styles.pack}>
      {pictures[state.pack.slug]}
      <h2 className={styles.packName}>{fillIn(copy.packLabel, { name: state.pack.name })}</h2>
    </div>
  );
  if (state.kind === 'published') {
    return (
      <div className={styles.layout}>
        {packHeading}
        <p role="status">{say(copy.published)}</p>
      </div>
    );
  }

  const { fieldProblems } = state;
  const change = <K extends keyof typeof fields>(key: K, value: (typeof fields)[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The page's own words beside each field and in a summary, before anything is sent.
    const found = reviewProblems(fields);
    if (fields.rating === null || Object.keys(found).length > 0) {
      flushSync(() => setState({ ...state, status: 'fields', fieldProblems: found }));
      focusInView(summary.current);
      return;
    }
    setState({ ...state, status: 'sending' });
    const result = await sendReview(apiBaseUrl, token.current, {
      ...fields,
      rating: fields.rating,
    });
    if ('saved' in result) setState({ ...state, status: result.saved, fieldProblems: {} });
    else if ('fieldProblems' in result) {
      flushSync(() =>
        setState({ ...state, status: 'fields', fieldProblems: result.fieldProblems }),
      );
      return focusInView(summary.current);
    } else if (result.refusal === 'published') {
      setState({ kind: 'published', pack: state.pack });
    } else setState({ ...state, status: result.refusal });
    focusInView(status.current);
  };

  const said = (() => {
    switch (state.status) {
      case 'idle':
      case 'published':
        return '';
      case 'sending':
        return copy.sending;
      case 'created':
        return copy.sent;
      case 'updated':
        return copy.updated;
      case 'fields':
        // Said by the summary at the top of the form.
        return '';
      default:
        return say(copy.problems[state.status]);
    }
  })();
  const failed = !['idle', 'sending', 'created', 'updated'].includes(state.status);
  /** A refusal for good: the form stays, to copy from, but sends no more. */
  const closed = refusedForGood(state.status);
  /** A text field of the review: its label, a hint, and the service's word when it refused it. */
  const textField = (
    field: Exclude<keyof ReviewFields, 'rating'>,
    label: string,
    limits: { maxLength: number; minLength?: number },
    options: { hint?: string; rows?: number; autoComplete?: string } = {},
  ) => {
    const id = `review-${field}`;
    const described = [options.hint && `${id}-hint`, fieldProblems[field] && `${id}-problem`]
      .filter(Boolean)
      .join(' ');
    const input = {
      id,
      className: formStyles.input,
      required: true,
      ...limits,
      value: fields[field],
      'aria-invalid': !!fieldProblems[field] || undefined,
      'aria-describedby': described || undefined,
    };
    return (
      <div className={formStyles.field}>
        <label htmlFor={id} className={formStyles.label}>
          {label}
        </label>
        {options.hint && (
          <p id={`${id}-hint`} className={styles.hint}>
            {options.hint}
          </p>
        )}
        {options.rows ? (
          <textarea
            {...input}
            rows={options.rows}
            onChange={(event) => change(field, event.target.value)}
          />
        ) : (
          <input
            {...input}
            autoComplete={options.autoComplete}
            onChange={(event) => change(field, event.target.value)}
          />
        )}
        {fieldProblems[field] && (
          <p id={`${id}-problem`} className={formStyles.error}>
            {fieldProblems[field]}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className={styles.layout}>
      {packHeading}
      {state.sentOn && (
        <p className={styles.said}>{fillIn(copy.reopened, { date: longDay(state.sentOn) })}</p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        {state.status === 'fields' && (
          <ErrorSummary
            ref={summary}
            id="review-problems"
            heading={copy.fieldProblem}
            problems={(['rating', 'title', 'text', 'name'] as const).flatMap((field) =>
              fieldProblems[field]
                ? [{ id: `review-${field}`, message: fieldProblems[field] }]
                : [],
            )}
          />
        )}
        <fieldset
          className={styles.stars}
          aria-describedby={fieldProblems.rating ? 'review-rating-problem' : undefined}
        >
          <legend className={formStyles.label}>{copy.ratingLabel}</legend>
          {RATINGS.map((n) => (
            <label key={n} className={styles.star}>
              <input
                id={n === RATINGS[0] ? 'review-rating' : undefined}
                type="radio"
                name="rating"
                value={n}
                required
                checked={fields.rating === n}
                onChange={() => change('rating', n)}
              />
              <span
                aria-hidden="true"
                className={fields.rating !== null && n <= fields.rating ? styles.lit : undefined}
              >
                ★
              </span>
              <span className={styles.starLabel}>{fillIn(copy.starLabel, { n })}</span>
            </label>
          ))}
          {fieldProblems.rating && (
            <p id="review-rating-problem" className={formStyles.error}>
              {fieldProblems.rating}
            </p>
          )}
        </fieldset>
        {textField('title', copy.titleLabel, { maxLength: REVIEW_LIMITS.title })}
        {textField(
          'text',
          copy.textLabel,
          { minLength: REVIEW_LIMITS.textMin, maxLength: REVIEW_LIMITS.textMax },
          { hint: copy.textHint, rows: 7 },
        )}
        {textField(
          'name',
          copy.nameLabel,
          { maxLength: REVIEW_LIMITS.name },
          { hint: copy.nameHint, autoComplete: 'nickname' },
        )}
        <p className={styles.hint}>{copy.moderation}</p>
        <button
          type="submit"
          className={button.primary}
          disabled={state.status === 'sending' || closed}
        >
          {state.status === 'sending' ? copy.sending : copy.send}
        </button>
        <p
          ref={status}
          tabIndex={-1}
          role={failed ? 'alert' : 'status'}
          className={failed ? formStyles.error : styles.said}
        >
          {said}
        </p>
      </form>
    </div>
  );
}
