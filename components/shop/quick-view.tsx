'use client';

import { useId, type ReactNode } from 'react';
import { nativeDialog } from '@/components/ui/native-dialog';
import styles from './quick-view.module.css';
import button from '@/components/ui/button.module.css';

/**
 * A tile that opens a quick-view card in a modal dialog, by the browser itself from the first
 * paint (components/ui/native-dialog.ts): the close button, Escape and a click beside the card
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
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        command="show-modal"
        commandfor={id}
        onClick={nativeDialog.onCommand}
        aria-haspopup="dialog"
      >
        {trigger}
        <span className="visually-hidden">: quick view</span>
      </button>
      <dialog
        id={id}
        className={styles.dialog}
        aria-label={label}
        closedby="any"
        onClick={nativeDialog.onBackdrop}
      >
        <div className={styles.card}>
          <button
            type="button"
            className={`${button.icon} ${styles.close}`}
            command="close"
            commandfor={id}
            onClick={nativeDialog.onCommand}
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
