import type { Film } from '@/lib/content';
import { FilmFacade } from './film-facade';
import { Picture } from './picture';
import styles from './film-list.module.css';

export function FilmList({ films }: { films: Film[] }) {
  return (
    <ul className={styles.list} aria-label="Films">
      {films.map((film, index) => (
        <li key={film.youtubeId} className={styles.film}>
          <FilmFacade
            title={film.title}
            youtubeId={film.youtubeId}
            poster={
              <Picture
                image={film.poster}
                sizes="(min-width: 900px) 45vw, 100vw"
                priority={index === 0}
                fill
                decorative
              />
            }
          />
          <h2 className={styles.title}>{film.title}</h2>
          <p className={styles.text}>{film.description}</p>
        </li>
      ))}
    </ul>
  );
}
