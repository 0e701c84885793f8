import { AFTER_FIRST_PAINT } from '@/lib/first-paint';

/** Set in localStorage once this browser has fetched the web fonts, which its cache now holds. */
const FETCHED = 'web-fonts';

/**
 * An inline script in <head> that keeps the first screen's path short on a phone: until the first
 * screen is painted (lib/first-paint.ts), nothing else competes with it for the connection.
 *
 * - Lazy pictures in boxes of a set size (tiles, cards, thumbnails) wait: `<html data-painting>`
 *   hides them (picture.module.css, preset-gallery.module.css), which keeps the browser from
 *   fetching the ones near the viewport at its first layout. Their boxes show the preview colours
 *   meanwhile. Without JavaScript the attribute is never set.
 * - The web fonts switch on afterwards, with `<html data-fonts>`; until they arrive the text is set
 *   in their metric-matched stand-ins (app/font-fallbacks.css), so the switch moves nothing. A
 *   browser that has fetched them before has them in its cache: they are on from the first frame.
 */
export function FirstScreen() {
  const script =
    '(function(){var h=document.documentElement;h.setAttribute("data-painting","");' +
    `function fonts(){h.setAttribute("data-fonts","");try{localStorage.setItem("${FETCHED}","1")}catch(e){}}` +
    `var cached=false;try{cached=!!localStorage.getItem("${FETCHED}")}catch(e){}if(cached)fonts();` +
    `${AFTER_FIRST_PAINT}afterFirstPaint(function(){h.removeAttribute("data-painting");if(!cached)fonts()},2000)})()`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
