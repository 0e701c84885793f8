import type { MouseEvent } from 'react';

/**
 * A `<dialog>` opened and closed by the browser itself, from the first paint and without
 * JavaScript: its buttons carry `command` and `commandfor`, and `closedby="any"` lets Escape and a
 * click on the backdrop close it. For a browser that knows neither, these onClick handlers (of
 * the buttons and dialog, or of an element around them) do the same once React has hydrated.
 */
export const nativeDialog = {
  /** A click on a button with `command` and `commandfor`. */
  onCommand(event: MouseEvent) {
    const button = (event.target as Element).closest('button[commandfor]');
    if (!button || 'command' in HTMLButtonElement.prototype) return;
    const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    if (button.getAttribute('command') === 'show-modal') dialog.showModal();
    else dialog.close();
  },
  /**
   * A click on the dialog itself: its backdrop (which a browser without `closedby` ignores) or
   * its own box around the content. (Where the browser closed it already, close() does nothing.)
   */
  onBackdrop(event: MouseEvent) {
    if (event.target instanceof HTMLDialogElement) event.target.close();
  },
};
