'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './scheduler.module.css';

type Props = {
  url: string;
  scriptUrl: string;
  heightPx: number;
  minWidthPx: number;
  fallbackAfterMs: number;
};

/**
 * The scheduling widget. Its script is requested when this page opens (and only here); if the
 * widget has not drawn itself after a few seconds, or the script fails, a plain link appears.
 */
export function Scheduler({ url, scriptUrl, heightPx, minWidthPx, fallbackAfterMs }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onerror = () => setFailed(true);
    document.body.append(script);
    const timer = window.setTimeout(() => {
      if (!container.current?.querySelector('iframe')) setFailed(true);
    }, fallbackAfterMs);
    // A widget that draws itself late (a slow network) takes the place of the link again.
    const drawn = new MutationObserver(() => {
      if (container.current?.querySelector('iframe')) setFailed(false);
    });
    if (container.current) drawn.observe(container.current, { childList: true, subtree: true });
    return () => {
      window.clearTimeout(timer);
      drawn.disconnect();
      script.remove();
    };
  }, [scriptUrl, fallbackAfterMs]);

  return (
    <div className={styles.scheduler}>
      <div
        ref={container}
        className="calendly-inline-widget"
        data-url={url}
        style={{ minWidth: minWidthPx, height: failed ? 0 : heightPx }}
      />
      {failed && (
        <p className={styles.fallback} role="status">
          The booking calendar could not load here.{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open the scheduling page
          </a>{' '}
          to pick a time.
        </p>
      )}
    </div>
  );
}
