import { preload } from 'react-dom';

/**
 * Asks for a page's main picture from the top of <head>, before the page's scripts, which would
 * otherwise take every connection a phone opens. React preloads a lone <img> by itself, but not
 * one in a <picture>, whose source it cannot know. A browser that does not read AVIF skips this
 * preload, and its <picture> picks the WebP.
 */
export function preloadMainPicture(fallback: string, avifSrcSet: string, sizes: string) {
  if (!avifSrcSet) return; // a draft build's picture (scripts/media/build.ts)
  preload(fallback, {
    as: 'image',
    imageSrcSet: avifSrcSet,
    imageSizes: sizes,
    type: 'image/avif',
    fetchPriority: 'high',
  });
}
