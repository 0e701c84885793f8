import type { Ref } from 'react';
import styles from './error-summary.module.css';
import { focusIdInView } from '@/lib/browser/focus';

type Props = {
  ref: Ref<HTMLDivElement>;
  /** The heading's id, which names the summary. */
  id: string;
  heading: string;
  /** Each problem: the id of its input, and what to do. */
  problems: { id: string; message: string }[];
};

/**
 * What stops a form, first on it, each problem a link to its input (the enquiry, the checkout's
 * details). Focused when it appears; its inner alert makes screen readers announce it, as GOV.UK's
 * error summary does.
 */
export function ErrorSummary({ ref, id, heading, problems }: Props) {
  return (
    <div ref={ref} className={styles.summary} tabIndex={-1} aria-labelledby={id} role="group">
      <div role="alert">
        <h2 id={id} className={styles.heading}>
          {heading}
        </h2>
        <ul>
          {problems.map((problem) => (
            <li key={problem.id + problem.message}>
              <a
                href={`#${problem.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  // The input, focused and brought to the middle of the screen.
                  focusIdInView(problem.id);
                }}
              >
                {problem.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
