'use client';

import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { nativeDialog } from '@/components/ui/native-dialog';

/**
 * What React adds to the gallery's photo viewers (GalleryGrid renders a `<dialog>` per photo,
 * which its tile opens and its close button, Escape or a click beside the photo close, by the
 * browser itself from the first paint): the Previous and Next buttons (hidden until then) and the
 * arrow keys move from photo to photo, a click beside the photo closes it, and focus goes back to
 * the tile of the photo last seen.
 */
export function Lightbox({ count, children }: { count: number; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);

  const step = (from: HTMLDialogElement, delta: number) => {
    const index = Number(from.dataset.index);
    // This gallery's viewers, in order (a page may hold several galleries).
    const to =
      root.current?.querySelectorAll('dialog[data-index]')[(index + delta + count) % count];
    if (!(to instanceof HTMLDialogElement)) return;
    from.close();
    to.showModal();
    to.querySelector<HTMLElement>(`[data-step="${delta}"]`)?.focus();
  };

  // A viewer closed for good (no other one open: not a step) hands focus back to its photo's tile;
  // the browser would hand it to the control that opened it, after a step the previous viewer's.
  useEffect(() => {
    const onClose = (event: Event) => {
      const viewer = event.target as HTMLDialogElement;
      if (root.current?.querySelector('dialog[open]')) return;
      root.current?.querySelector<HTMLElement>(`[commandfor="${viewer.id}"]`)?.focus();
    };
    const element = root.current;
    element?.addEventListener('close', onClose, true);
    return () => element?.removeEventListener('close', onClose, true);
  }, []);

  const onClick = (event: MouseEvent) => {
    nativeDialog.onCommand(event);
    // The viewer fills the screen: a click beside the photo and its controls is on the dialog.
    if (event.target instanceof HTMLDialogElement) event.target.close();
    const button = (event.target as Element).closest<HTMLElement>('[data-step]');
    const viewer = button?.closest('dialog');
    if (button && viewer) step(viewer, Number(button.dataset.step));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const viewer = (event.target as Element).closest('dialog[open]');
    const delta = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!viewer || !delta) return;
    event.preventDefault();
    step(viewer as HTMLDialogElement, delta);
  };

  return (
    <div ref={root} onClick={onClick} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
