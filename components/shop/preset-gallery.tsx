'use client';

import { useRef, useState } from 'react';
import { ViewerImg } from '@/components/media/viewer-img';
import type { ViewerImage } from '@/lib/media';
import styles from './preset-gallery.module.css';
import button from '@/components/ui/button.module.css';

/** The preset's photos: a large one with previous and next arrows, and thumbnails that scroll. */
export function PresetGallery({
  images,
  thumbnailStepPx,
}: {
  images: ViewerImage[];
  thumbnailStepPx: number;
}) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<HTMLUListElement>(null);
  const image = images[index]!;
  const step = (delta: number) =>
    setIndex((current) => (current + delta + images.length) % images.length);
  const scrollThumbs = (direction: number) =>
    thumbs.current?.scrollBy({ left: direction * thumbnailStepPx, behavior: 'smooth' });

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <ViewerImg
          key={image.src}
          className={styles.image}
          image={image}
          sizes="(min-width: 900px) 40vw, 100vw"
          priority={index === 0}
        />
        <button
          type="button"
          className={`${button.icon} ${styles.arrow} ${styles.previous}`}
          onClick={() => step(-1)}
          aria-label="Previous image"
        >
          ‹
        </button>
        <button
          type="button"
          className={`${button.icon} ${styles.arrow} ${styles.next}`}
          onClick={() => step(1)}
          aria-label="Next image"
        >
          ›
        </button>
      </div>
      <div className={styles.thumbRow}>
        <button
          type="button"
          className={button.icon}
          onClick={() => scrollThumbs(-1)}
          aria-label="Scroll thumbnails left"
        >
          ‹
        </button>
        <ul ref={thumbs} className={styles.thumbs} aria-label="Thumbnails" data-testid="thumbnails">
          {images.map((thumb, i) => (
            <li key={thumb.src}>
              <button
                type="button"
                className={styles.thumb}
                onClick={() => setIndex(i)}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Show image ${i + 1}: ${thumb.alt}`}
              >
                <ViewerImg image={thumb} sizes="96px" alt="" loading="lazy" fetchPriority="low" />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={button.icon}
          onClick={() => scrollThumbs(1)}
          aria-label="Scroll thumbnails right"
        >
          ›
        </button>
      </div>
    </div>
  );
}
