'use client';

import { useEffect } from 'react';
import styles from './error.module.css';
import button from '@/components/ui/button.module.css';

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
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
