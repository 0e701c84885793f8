import { AFTER_FIRST_PAINT } from '@/lib/first-paint';
import { cormorantGaramond, jost } from '@/lib/fonts';

/** Set in localStorage once this browser has fetched the web fonts, which its cache now holds. */
const FETCHED = 'web-fonts';

/** The faces of the body text and the headings (globals.css); others load when text needs them. */
const EVERY_PAGE_FACES = [
  `1em ${jost.style.fontFamily}`,
  `500 1em ${cormorantGaramond.style.fontFamily}`,
];

/**
 * An inline script in <head> that keeps the first screen's path short on a phone: until the first
 * screen is painted (lib/first-paint.ts), nothing else competes with it for the connection.
 *
 * - Lazy pictures in boxes of a set size (tiles, cards, thumbnails) wait: `<html data-painting>`
 *   hides them (picture.module.css, preset-gallery.module.css), which keeps the browser from
 *   fetching the ones near the viewport at its first layout. Their boxes show the preview colours
 *   meanwhile. Without JavaScript the attribute is never set.
 * - The web fonts are fetched afterwards and switched on once they are in, with `<html
 *   data-fonts>`; until then the text is set in their metric-matched stand-ins
 *   (app/font-fallbacks.css), so the switch moves nothing. A browser that has fetched them before
 *   has them in its cache: they are on from the first frame.
 */
export function FirstScreen() {
  const script =
    '(function(){var h=document.documentElement;h.setAttribute("data-painting","");' +
    `function fonts(){h.setAttribute("data-fonts","");try{localStorage.setItem("${FETCHED}","1")}catch(e){}}` +
    `var cached=false;try{cached=!!localStorage.getItem("${FETCHED}")}catch(e){}if(cached)fonts();` +
    // On a first visit: fetch the faces every page sets, then switch once they are in, so the
    // page is laid out again once (not once for the switch and again as each face arrives).
    `function fetchFonts(){var f=document.fonts;if(!f||!f.load)return fonts();` +
    `Promise.all(${JSON.stringify(EVERY_PAGE_FACES)}.map(function(x){return f.load(x)})).then(fonts,fonts)}` +
    `${AFTER_FIRST_PAINT}afterFirstPaint(function(){h.removeAttribute("data-painting");if(!cached)fetchFonts()},2000)})()`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
