'use client';

import { useRef, type ReactNode } from 'react';
import styles from './quick-view.module.css';
import button from '@/components/ui/button.module.css';

/**
 * A tile that opens a quick-view card in a modal dialog: the overlay, the close button and Escape
 * close it, focus stays inside while open and goes back to the tile after.
 */
export function QuickView({
  trigger,
  label,
  triggerClassName,
  children,
}: {
  trigger: ReactNode;
  label: string;
  triggerClassName: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        onClick={() => dialog.current?.showModal()}
        aria-haspopup="dialog"
      >
        {trigger}
        <span className="visually-hidden">: quick view</span>
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-label={label}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        <div className={styles.card}>
          <button
            type="button"
            className={`${button.icon} ${styles.close}`}
            onClick={() => dialog.current?.close()}
            aria-label="Close quick view"
          >
            ×
          </button>
          {children}
        </div>
      </dialog>
    </>
  );
}
