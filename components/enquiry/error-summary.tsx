import type { Ref } from 'react';
import type { Problem } from '@/lib/browser/enquiry/check';
import styles from './enquiry.module.css';

type Props = {
  ref: Ref<HTMLDivElement>;
  heading: string;
  problems: Problem[];
  /** Moves to the problem's input. */
  onChoose: (id: string) => void;
};

/**
 * What stops the enquiry, first on the form, each a link to its input. Focused when it appears;
 * its inner alert makes screen readers announce it, as GOV.UK's error summary does.
 */
export function ErrorSummary({ ref, heading, problems, onChoose }: Props) {
  return (
    <div
      ref={ref}
      className={styles.summary}
      tabIndex={-1}
      aria-labelledby="enquiry-problems"
      role="group"
    >
      <div role="alert">
        <h2 id="enquiry-problems" className={styles.summaryHeading}>
          {heading}
        </h2>
        <ul>
          {problems.map((problem) => (
            <li key={problem.id + problem.message}>
              <a
                href={`#${problem.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onChoose(problem.id);
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
