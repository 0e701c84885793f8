// Focus that is seen: what takes it comes into view at once, whatever scrolling runs.

/**
 * Focuses `element` and brings it into view with an instant scroll, which ends any smooth one still
 * running (the page's `scroll-behavior: smooth`, started by Tab onto the button that was then
 * pressed): the browser's own scroll on focus would be overtaken by it and leave the element
 * out of view. `block`: where it lands (its `scroll-margin` and the page's padding respected).
 */
export function focusInView(
  element: HTMLElement | null | undefined,
  block: ScrollLogicalPosition = 'center',
) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block, behavior: 'instant' });
}

/** The element of this id, focused and in view (a problem's input, a section's heading). */
export const focusIdInView = (id: string, block?: ScrollLogicalPosition) =>
  focusInView(document.getElementById(id), block);
