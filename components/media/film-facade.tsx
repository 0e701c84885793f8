'use client';

import { useState, type ReactNode } from 'react';
import styles from './film-facade.module.css';

/**
 * A film's poster and play button. The privacy-enhanced YouTube player (and everything it loads)
 * is only requested once the visitor presses play; it then takes the focus the button had, so
 * that a keyboard or a screen reader stays on the film.
 */
export function FilmFacade({
  title,
  youtubeId,
  poster,
}: {
  title: string;
  youtubeId: string;
  poster: ReactNode;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className={styles.frame}>
      {playing ? (
        <iframe
          ref={(player) => player?.focus()}
          className={styles.player}
          src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className={styles.facade} onClick={() => setPlaying(true)}>
          {poster}
          <span className={styles.play} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
          <span className="visually-hidden">Play the film {title}</span>
        </button>
      )}
    </div>
  );
}
