import { AFTER_FIRST_PAINT } from '@/lib/first-paint';

/** Set in localStorage once this browser has fetched the web fonts, which its cache now holds. */
const FETCHED = 'web-fonts';

/**
 * Switches the page to its web fonts by setting `<html data-fonts>` (globals.css), from an inline
 * script in <head>. A browser that has fetched them before has them in its cache: they are on
 * from the first frame. On a first visit they are fetched after the first paint, so that on a
 * phone the text and the first picture do not wait behind 50 KB of fonts; until they arrive the
 * text is set in their metric-matched stand-ins (app/font-fallbacks.css), so the switch moves
 * nothing.
 */
export function WebFonts() {
  const script =
    '(function(){var h=document.documentElement;' +
    `function on(){h.setAttribute("data-fonts","");try{localStorage.setItem("${FETCHED}","1")}catch(e){}}` +
    `try{if(localStorage.getItem("${FETCHED}")){on();return}}catch(e){}` +
    `${AFTER_FIRST_PAINT}afterFirstPaint(on,2000)})()`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
