// What the page's inline scripts (lib/inline/) wait for before they act: React's hydration and the
// first screen's paint. They run before any other script, so these are plain DOM code, built into
// the scripts by scripts/inline/build.ts.

/** Set on `<html>` by HydratedMark once React has hydrated the page. */
export const HYDRATED = 'data-hydrated';

/** The `elementtiming` name of a page's main picture (Picture's `priority`). */
export const MAIN_PICTURE = 'main-picture';

/**
 * Calls `run` once React has hydrated the page (`<html data-hydrated>`; at once if it has), or
 * `latestMs` later at the most (never, if 0), so that a page whose scripts fail still gets there.
 */
export function whenHydrated(run: () => void, latestMs: number, root = document.documentElement) {
  let done = false;
  const hydrated = () => root.hasAttribute(HYDRATED);
  const observer = new MutationObserver(() => {
    if (hydrated()) go();
  });
  function go() {
    if (done) return;
    done = true;
    observer.disconnect();
    run();
  }
  observer.observe(root, { attributes: true, attributeFilter: [HYDRATED] });
  if (hydrated()) go();
  else if (latestMs) setTimeout(go, latestMs);
}

/**
 * Calls `run` once the first screen is painted: the first contentful paint has been reported and,
 * where Element Timing is supported and the page has a main picture, that picture too (a paint
 * entry arrives after its frame is on screen), waiting for the picture one second at most after
 * the first paint. Where paint timing is missing, it runs at DOMContentLoaded; and in any case
 * `latestMs` after `load`, so that a page which never paints content still gets there.
 */
export function afterFirstPaint(run: () => void, latestMs: number) {
  let done = false;
  // The conditions still awaited: the first paint, then (where it can be seen) the main picture.
  let awaited = 1;
  const go = () => {
    if (done) return;
    done = true;
    run();
  };
  const met = () => {
    awaited -= 1;
    if (awaited === 0) setTimeout(go);
  };
  const supported = window.PerformanceObserver?.supportedEntryTypes ?? [];
  const seen = (type: string, hit: (entry: PerformanceEntry) => boolean, then: () => void) =>
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some(hit)) {
        observer.disconnect();
        then();
      }
    }).observe({ type, buffered: true });

  if (!supported.includes('paint')) {
    document.addEventListener('DOMContentLoaded', go);
  } else {
    if (supported.includes('element')) {
      awaited += 1;
      seen(
        'element',
        (entry) => (entry as { identifier?: string }).identifier === MAIN_PICTURE,
        met,
      );
      document.addEventListener('DOMContentLoaded', () => {
        if (!document.querySelector(`[elementtiming=${MAIN_PICTURE}]`)) met();
      });
    }
    seen(
      'paint',
      (entry) => entry.name === 'first-contentful-paint',
      () => {
        met();
        setTimeout(go, 1000);
      },
    );
  }
  addEventListener('load', () => setTimeout(go, latestMs));
}
