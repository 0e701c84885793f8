'use client';

import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ViewerImage } from '@/lib/media';
import styles from './lightbox.module.css';
import button from '@/components/ui/button.module.css';

export type LightboxImage = {
  srcSet: string;
  src: string;
  alt: string;
  width: number;
  height: number;
};

/**
 * Opens the photo whose tile was pressed large, in a modal dialog: arrows (buttons or keys) move
 * through the gallery, Escape closes, and focus goes back to the tile.
 */
export function Lightbox({ images, children }: { images: ViewerImage[]; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const image = viewing ? images[index] : undefined;
  const step = (delta: number) =>
    setIndex((current) => (current + delta + images.length) % images.length);

  const open = (event: MouseEvent) => {
    const tile = (event.target as Element).closest<HTMLElement>('[data-lightbox-index]');
    if (!tile) return;
    setIndex(Number(tile.dataset.lightboxIndex));
    setViewing(true);
    dialog.current?.showModal();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <div onClick={open}>
      {children}
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-label="Photo viewer"
        onKeyDown={onKeyDown}
        onClose={() => setViewing(false)}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        {image && (
          <figure className={styles.figure}>
            {/* eslint-disable-next-line @next/next/no-img-element -- variants come from scripts/media */}
            <img
              className={styles.image}
              srcSet={image.srcSet}
              sizes="100vw"
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
            />
            <figcaption className={styles.caption}>
              {image.alt}{' '}
              <span className={styles.count}>
                ({index + 1} of {images.length})
              </span>
            </figcaption>
          </figure>
        )}
        <button
          type="button"
          className={`${button.icon} ${styles.previous}`}
          onClick={() => step(-1)}
          aria-label="Previous photo"
        >
          ‹
        </button>
        <button
          type="button"
          className={`${button.icon} ${styles.next}`}
          onClick={() => step(1)}
          aria-label="Next photo"
        >
          ›
        </button>
        <button
          type="button"
          className={`${button.icon} ${styles.close}`}
          onClick={() => dialog.current?.close()}
          aria-label="Close photo viewer"
          autoFocus
        >
          ×
        </button>
      </dialog>
    </div>
  );
}
