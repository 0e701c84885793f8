/** Set on `<html>` by HydratedMark once React has hydrated the page. */
export const HYDRATED = 'data-hydrated';

/** The `elementtiming` name of a page's main picture (Picture's `priority`), for the wait below. */
export const MAIN_PICTURE = 'main-picture';

/**
 * The source of `afterFirstPaint(run, latestMs)`, for the page's inline scripts (they run before
 * any bundle). It calls `run` once the first screen is painted: the first contentful paint has been
 * reported and, where Element Timing is supported and the page has a main picture, that picture
 * too (a paint entry arrives after its frame is on screen). It waits for the picture one second
 * at most after the first paint. Where paint timing is missing, it runs at DOMContentLoaded; and
 * in any case `latestMs` after `load`, so that a page which never paints content still gets there.
 */
export const AFTER_FIRST_PAINT =
  'function afterFirstPaint(f,t){var d=0,n=1;function go(){if(!d){d=1;f()}}' +
  // `met` counts down the conditions still awaited: the first paint, then the main picture.
  'function met(){if(!--n)setTimeout(go)}' +
  'var P=window.PerformanceObserver,s=(P&&P.supportedEntryTypes)||[];' +
  'function seen(y,hit,then){new P(function(l,o){if(l.getEntries().some(hit)){o.disconnect();then()}})' +
  '.observe({type:y,buffered:true})}' +
  'if(s.indexOf("paint")<0){document.addEventListener("DOMContentLoaded",go)}else{' +
  'if(s.indexOf("element")>-1){n++;' +
  `seen("element",function(e){return e.identifier=="${MAIN_PICTURE}"},met);` +
  'document.addEventListener("DOMContentLoaded",function(){' +
  `if(!document.querySelector("[elementtiming=${MAIN_PICTURE}]"))met()})}` +
  'seen("paint",function(e){return e.name=="first-contentful-paint"},function(){met();setTimeout(go,1000)})}' +
  'addEventListener("load",function(){setTimeout(go,t)})}';
