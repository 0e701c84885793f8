'use client';

import { useEffect } from 'react';
import { reloadOnceFor } from '@/lib/browser/chunk-reload';
import styles from './error.module.css';
import button from '@/components/ui/button.module.css';

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
    reloadOnceFor(error, window.sessionStorage, () => window.location.reload());
  }, [error]);

  return (
    <div className={styles.error} role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page.</p>
      <button type="button" className={button.primary} onClick={() => retry()}>
        Try again
      </button>
    </div>
  );
}
