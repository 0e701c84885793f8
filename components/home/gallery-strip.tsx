'use client';

import { Children, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { nextIndex } from '@/lib/browser/carousel';
import styles from './gallery-strip.module.css';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * A strip of photos that moves on by one every `intervalMs` and starts again after the last. It
 * holds still while pointed at or focused, when paused, and for visitors who prefer reduced motion.
 */
export function GalleryStrip({
  children,
  intervalMs,
  label,
}: {
  children: ReactNode;
  intervalMs: number;
  label: string;
}) {
  const slides = Children.toArray(children);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
  const moving = !reducedMotion && !paused && !hovered && !focused;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(
      () => setIndex((current) => nextIndex(current, slides.length)),
      intervalMs,
    );
    return () => window.clearInterval(timer);
  }, [moving, intervalMs, slides.length]);

  useEffect(() => {
    const list = track.current;
    const slide = list?.children[index] as HTMLElement | undefined;
    if (list && slide)
      list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: 'smooth' });
  }, [index]);

  return (
    <div
      className={styles.strip}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ul
        ref={track}
        className={styles.track}
        aria-label={label}
        data-active-index={index}
        tabIndex={0}
      >
        {slides.map((slide, i) => (
          <li key={i} className={styles.slide} aria-current={i === index ? 'true' : undefined}>
            {slide}
          </li>
        ))}
      </ul>
      {!reducedMotion && (
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setPaused(!paused)}
          aria-pressed={paused}
        >
          {paused ? 'Play slideshow' : 'Pause slideshow'}
        </button>
      )}
    </div>
  );
}
