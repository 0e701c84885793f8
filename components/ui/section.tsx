import type { ReactNode } from 'react';
import styles from './section.module.css';

/** A centred band of the page with the site's width and gutters. */
export function Section({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className={styles.section} aria-label={label}>
      {children}
    </section>
  );
}
