import { AFTER_FIRST_PAINT, WHEN_HYDRATED } from '@/lib/first-paint';
import { cormorantGaramond, jost } from '@/lib/fonts';

/** Set in localStorage once this browser has fetched the web fonts, which its cache now holds. */
const FETCHED = 'web-fonts';

/**
 * Each web font family, with the names of its stand-ins (app/font-fallbacks.css): next/font lists
 * the family first, then the fallbacks of lib/fonts.ts, of which the stand-ins are the
 * "… fallback" ones (the rest are system names).
 */
const STAND_INS = Object.fromEntries(
  [jost, cormorantGaramond].map(({ style }) => {
    const [family, ...fallbacks] = style.fontFamily.split(',').map((name) => name.trim());
    return [family!.replace(/^'|'$/g, ''), fallbacks.filter((name) => name.includes(' fallback'))];
  }),
);

/**
 * An inline script in <head> that keeps the first screen's path short on a phone: until the first
 * screen is painted (lib/first-paint.ts), nothing else competes with it for the connection.
 *
 * - Lazy pictures wait: `<html data-painting>` hides them (picture.module.css,
 *   preset-gallery.module.css), which keeps the browser from fetching the ones near the viewport
 *   at its first layout. Their boxes keep their size and show the preview colours meanwhile.
 *   Without JavaScript the attribute is never set.
 * - The web fonts are fetched afterwards, once React has also hydrated the page, and switched on
 *   once they are in, with `<html data-fonts>`; until then the text is set in their metric-matched stand-ins
 *   (app/font-fallbacks.css), so the switch moves nothing. A browser that has fetched them before
 *   has them in its cache: they are on from the first frame.
 */
export function FirstScreen() {
  const script =
    '(function(){var h=document.documentElement;h.setAttribute("data-painting","");' +
    `function fonts(){h.setAttribute("data-fonts","");try{localStorage.setItem("${FETCHED}","1")}catch(e){}}` +
    `var cached=false;try{cached=!!localStorage.getItem("${FETCHED}")}catch(e){}if(cached)fonts();` +
    // On a first visit: fetch the web faces whose stand-ins the page's text has asked for (the
    // home page's italic, say, and not elsewhere; "error" is a stand-in this system lacks), then
    // switch once they are all in: the page is laid out again once, and no face arrives after
    // the switch. FontFace.load fetches that face and nothing else; a font string
    // (document.fonts.load) would also look up every system font it lists, which on Linux costs
    // a layout of the whole page tens of milliseconds.
    `var S=${JSON.stringify(STAND_INS)};` +
    'function fetchFonts(){var f=document.fonts,w=[];if(!f||!f.forEach)return fonts();' +
    'function used(x,s){var u=false;f.forEach(function(y){' +
    'if(y.status!="unloaded"&&y.style==x.style&&s.indexOf(y.family)>-1)u=true});return u}' +
    'f.forEach(function(x){var s=S[x.family];if(s&&used(x,s))w.push(x)});' +
    'Promise.all(w.map(function(x){return x.load()})).then(fonts,fonts)}' +
    // ... once React has hydrated the page (five seconds at most), so that on a phone's
    // connection the fonts do not hold back the scripts that make the page's buttons work.
    `${WHEN_HYDRATED}${AFTER_FIRST_PAINT}afterFirstPaint(function(){h.removeAttribute("data-painting");if(!cached)whenHydrated(fetchFonts,5000)},2000)})()`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
