import { Picture } from '@/components/media/picture';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { loveNotes, pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import styles from './lovenotes.module.css';

export const metadata = pageMetadata({
  ...pages.lovenotes,
  path: '/lovenotes/',
  image: loveNotes[0]?.portrait,
});

export default function LoveNotesPage() {
  return (
    <>
      <PageHeader heading={pages.lovenotes.heading} intro={pages.lovenotes.intro} />
      <Section>
        <ul className={styles.notes} aria-label="Love notes">
          {loveNotes.map((note, index) => (
            <li key={note.couple}>
              <div className={styles.note}>
                <Picture
                  image={note.portrait}
                  sizes="(min-width: 900px) 240px, 40vw"
                  priority={index === 0}
                  className={styles.portrait}
                />
                {/* A quote with its caption is a figure. */}
                <figure className={styles.words}>
                  <blockquote className={styles.quote}>
                    <p>{note.note}</p>
                  </blockquote>
                  <figcaption className={styles.couple}>
                    {note.couple} · {note.place}
                  </figcaption>
                </figure>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
