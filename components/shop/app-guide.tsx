import { site, terms } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import styles from './app-guide.module.css';

/** Fills in the terms' placeholders ({refundDays}, {email}) in a sentence of the guide. */
export const termsWords = (sentence: string, values: Record<string, string | number> = {}) =>
  fillIn(sentence, { refundDays: terms.refundDays, email: site.email, ...values });

/**
 * "Which app do you use?": each app's install steps and the file it takes, one `<details>` per
 * app, so that they read without JavaScript and open one at a time (`name`).
 */
export function AppGuide() {
  const guide = terms.appGuide;
  return (
    <section className={styles.guide} aria-labelledby="app-guide">
      <h2 id="app-guide" className={styles.heading}>
        {guide.heading}
      </h2>
      <p className={styles.intro}>{guide.intro}</p>
      {guide.apps.map((app) => (
        <details key={app.name} name="app-guide" className={styles.app}>
          <summary>{app.name}</summary>
          <p className={styles.file}>{termsWords(app.file)}</p>
          <ol>
            {app.steps.map((step) => (
              <li key={step}>{termsWords(step)}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
