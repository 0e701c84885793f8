'use client';

import { useState, type ReactNode } from 'react';
import styles from './compare-slider.module.css';

/**
 * A before/after comparison: the "after" photo is revealed from the left up to the handle, each
 * side tagged on its own photo. A
 * native range input (0 to 100, starting at 50) drives it, so mouse, touch and keys all work.
 * The photos fill a 3:2 frame unless `aspectRatio` (width / height) says otherwise.
 */
export function CompareSlider({
  label,
  before,
  after,
  aspectRatio,
}: {
  label: string;
  before: ReactNode;
  after: ReactNode;
  aspectRatio?: number;
}) {
  const [position, setPosition] = useState(50);
  return (
    <figure
      className={styles.compare}
      style={{ '--position': `${position}%`, '--aspect': aspectRatio } as React.CSSProperties}
    >
      <div className={styles.stage}>
        {/* Each tag lies on its own photo, so it shows exactly where that photo does: "After"
            goes with the edited side as the handle moves left, "Before" under it to the right. */}
        <div className={styles.before}>
          {before}
          <span className={`${styles.tag} ${styles.tagBefore}`} aria-hidden="true">
            Before
          </span>
        </div>
        <div className={styles.after}>
          {after}
          <span className={`${styles.tag} ${styles.tagAfter}`} aria-hidden="true">
            After
          </span>
        </div>
        <span className={styles.handle} aria-hidden="true" />
        <input
          type="range"
          min={0}
          max={100}
          value={position}
          onChange={(event) => setPosition(Number(event.target.value))}
          className={styles.range}
          aria-label={`${label}: how much of the edited photo to show`}
          aria-valuetext={`${position}% after`}
        />
      </div>
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}
