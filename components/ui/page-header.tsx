import styles from './page-header.module.css';

/** The page's h1 with its intro paragraphs. */
export function PageHeader({
  heading,
  intro = [],
  eyebrow,
}: {
  heading: string;
  intro?: string[];
  eyebrow?: string;
}) {
  return (
    <header className={styles.header}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.heading}>{heading}</h1>
      {intro.map((paragraph) => (
        <p key={paragraph} className={styles.intro}>
          {paragraph}
        </p>
      ))}
    </header>
  );
}
