'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { ShopCopy } from '@/lib/content';
import {
  openReview,
  sendReview,
  type FieldProblems,
  type OpenedReview,
  type ReviewRefusal,
} from '@/lib/browser/review-client';
import { fillIn } from '@/lib/shared/copy';
import {
  displayName,
  RATINGS,
  REVIEW_LIMITS,
  type Rating,
  type ReviewFields,
} from '@/lib/shared/review';
import styles from './review-form.module.css';

type Copy = ShopCopy['reviewForm'];

type State =
  | { kind: 'loading' }
  | { kind: 'no-link' }
  /** The service could not be asked: a reload tries again. */
  | { kind: 'unopened' }
  /** The link cannot be used; what was typed (if anything) stays on screen. */
  | { kind: 'refused'; refusal: Exclude<ReviewRefusal, 'unsaved' | 'unreachable' | 'published'> }
  | { kind: 'published'; pack: OpenedReview['pack'] }
  | {
      kind: 'form';
      pack: OpenedReview['pack'];
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
        setState({ kind: 'form', pack: opened.pack, status: 'idle', fieldProblems: {} });
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
    if (fields.rating === null) return;
    setState({ ...state, status: 'sending' });
    const result = await sendReview(apiBaseUrl, token.current, {
      ...fields,
      rating: fields.rating,
    });
    if ('saved' in result) setState({ ...state, status: result.saved, fieldProblems: {} });
    else if ('fieldProblems' in result) {
      setState({ ...state, status: 'fields', fieldProblems: result.fieldProblems });
    } else if (result.refusal === 'published') {
      setState({ kind: 'published', pack: state.pack });
    } else setState({ ...state, status: result.refusal });
    status.current?.focus();
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
        return copy.fieldProblem;
      default:
        return say(copy.problems[state.status]);
    }
  })();
  const failed = !['idle', 'sending', 'created', 'updated'].includes(state.status);
  /** A refusal for good: the form stays, to copy from, but sends no more. */
  const closed = ['invalid', 'expired', 'refunded', 'declined'].includes(state.status);
  const problemOf = (field: keyof ReviewFields) =>
    fieldProblems[field] && (
      <p id={`review-${field}-problem`} className={formStyles.error}>
        {fieldProblems[field]}
      </p>
    );
  const described = (field: keyof ReviewFields, hint?: string) =>
    [hint, fieldProblems[field] && `review-${field}-problem`].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className={styles.layout}>
      {packHeading}
      <form className={styles.form} onSubmit={submit}>
        <fieldset className={styles.stars} aria-describedby={described('rating')}>
          <legend className={formStyles.label}>{copy.ratingLabel}</legend>
          {RATINGS.map((n) => (
            <label key={n} className={styles.star}>
              <input
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
          {problemOf('rating')}
        </fieldset>
        <div className={formStyles.field}>
          <label htmlFor="review-title" className={formStyles.label}>
            {copy.titleLabel}
          </label>
          <input
            id="review-title"
            className={formStyles.input}
            required
            maxLength={REVIEW_LIMITS.title}
            value={fields.title}
            onChange={(event) => change('title', event.target.value)}
            aria-invalid={!!fieldProblems.title || undefined}
            aria-describedby={described('title')}
          />
          {problemOf('title')}
        </div>
        <div className={formStyles.field}>
          <label htmlFor="review-text" className={formStyles.label}>
            {copy.textLabel}
          </label>
          <p id="review-text-hint" className={styles.hint}>
            {copy.textHint}
          </p>
          <textarea
            id="review-text"
            className={formStyles.input}
            rows={7}
            required
            minLength={REVIEW_LIMITS.textMin}
            maxLength={REVIEW_LIMITS.textMax}
            value={fields.text}
            onChange={(event) => change('text', event.target.value)}
            aria-invalid={!!fieldProblems.text || undefined}
            aria-describedby={described('text', 'review-text-hint')}
          />
          {problemOf('text')}
        </div>
        <div className={formStyles.field}>
          <label htmlFor="review-name" className={formStyles.label}>
            {copy.nameLabel}
          </label>
          <p id="review-name-hint" className={styles.hint}>
            {copy.nameHint}
          </p>
          <input
            id="review-name"
            className={formStyles.input}
            required
            maxLength={REVIEW_LIMITS.name}
            autoComplete="nickname"
            value={fields.name}
            onChange={(event) => change('name', event.target.value)}
            aria-invalid={!!fieldProblems.name || undefined}
            aria-describedby={described('name', 'review-name-hint')}
          />
          {problemOf('name')}
        </div>
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
