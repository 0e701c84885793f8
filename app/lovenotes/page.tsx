import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { Picture } from '@/components/media/picture';
import { loveNotes } from '@/lib/content';
import styles from './lovenotes.module.css';

export const metadata = contentPageMetadata('lovenotes', {
  image: loveNotes[0]?.portrait,
});

export default function LoveNotesPage() {
  return (
    <ContentPage name="lovenotes">
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
    </ContentPage>
  );
}
