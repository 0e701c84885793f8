'use client';

import { useState, type ComponentType } from 'react';
import { fillIn } from '@/lib/shared/copy';
import type { TryOnStudioProps } from './try-on-studio';
import { CompareSlider } from './compare-slider';
import styles from './try-on.module.css';
import studioStyles from './try-on-studio.module.css';
import button from '@/components/ui/button.module.css';

type Props = Omit<TryOnStudioProps, 'photo' | 'ui'>;

/** Imported here, so that the page inlines their CSS and the studio's chunk carries none. */
const ui = { styles: studioStyles, button, CompareSlider };

/**
 * "Try it on your photo": a photo picker (or a photo dropped on it). The try-on itself, and the
 * pack's look, load only once a photo is chosen, so the pack page's first load carries neither.
 */
export function TryOn(props: Props) {
  // Each choice counts, also of the same file again (after a failure, say).
  const [choice, setChoice] = useState<{ photo: File; n: number } | null>(null);
  const [Studio, setStudio] = useState<ComponentType<TryOnStudioProps> | null>(null);
  const [dropping, setDropping] = useState(false);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setChoice((last) => ({ photo: file, n: (last?.n ?? 0) + 1 }));
    void import('./try-on-studio').then((module) => setStudio(() => module.TryOnStudio));
  };

  return (
    <div className={styles.tryOn}>
      <div
        className={styles.picker}
        data-dropping={dropping || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDropping(false);
          choose(event.dataTransfer.files[0]);
        }}
      >
        <label className={`${button.primary} ${styles.choose}`}>
          {props.copy.choose}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // So that choosing the same photo again is a change too.
              event.target.value = '';
            }}
          />
        </label>
        <span className={styles.drop}>{props.copy.drop}</span>
      </div>
      {choice && !Studio && (
        <p role="status">{fillIn(props.copy.preparing, { name: props.pack.name })}</p>
      )}
      {choice && Studio && <Studio key={choice.n} photo={choice.photo} ui={ui} {...props} />}
    </div>
  );
}
