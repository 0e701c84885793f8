/** Set on `<html>` by HydratedMark once React has hydrated the page. */
export const HYDRATED = 'data-hydrated';

/**
 * The source of `whenHydrated(run, latestMs)`, for the page's inline scripts: it calls `run` once
 * React has hydrated the page (`<html data-hydrated>`; at once if it has), or `latestMs` later at
 * the most (never, if 0), so that a page whose scripts fail still gets there.
 */
export const WHEN_HYDRATED =
  'function whenHydrated(f,t){var h=document.documentElement,d=0;' +
  `function is(){return h.hasAttribute("${HYDRATED}")}` +
  'function go(){if(!d){d=1;o.disconnect();f()}}' +
  'var o=new MutationObserver(function(){if(is())go()});' +
  `o.observe(h,{attributes:true,attributeFilter:["${HYDRATED}"]});` +
  'if(is())go();else if(t)setTimeout(go,t)}';

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
