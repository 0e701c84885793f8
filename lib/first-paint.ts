/**
 * The source of `afterFirstPaint(run, latestMs)`, for the page's inline scripts (they run before
 * any bundle). It calls `run` once the first contentful paint is reported, an entry that arrives
 * after the frame is on screen; where paint timing is missing, at DOMContentLoaded; and in any case
 * `latestMs` after `load`, so that a page which never paints content still gets there.
 */
export const AFTER_FIRST_PAINT =
  'function afterFirstPaint(f,t){var d=0;function go(){if(!d){d=1;f()}}' +
  'var P=window.PerformanceObserver;' +
  'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>-1){new P(function(l,o){' +
  'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}' +
  '}).observe({type:"paint",buffered:true})}else{document.addEventListener("DOMContentLoaded",go)}' +
  'addEventListener("load",function(){setTimeout(go,t)})}';
