import type { ReactNode } from 'react';
import styles from './journal.module.css';

/** A part of a post under its own heading, which names it for a screen reader's landmarks. */
export function PostPart({
  as: Element = 'section',
  id,
  heading,
  className,
  children,
}: {
  as?: 'section' | 'nav' | 'aside';
  /** The heading's id, which the part is labelled by. */
  id: string;
  heading: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Element aria-labelledby={id} className={className}>
      <h2 id={id} className={styles.subheading}>
        {heading}
      </h2>
      {children}
    </Element>
  );
}
