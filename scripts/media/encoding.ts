// How the media step encodes each picture (scripts/media/build.ts); part of every cache entry's
// name, so a change here re-encodes everything. `npm run bench:media` compares a change with the
// settings before it: quality (SSIM at each width) and bytes (docs/performance.md, "Media").

// Phones are 360–412 CSS px wide at 1.75–3× density: 412 × 1.75 = 721 px, 360–412 × 2.625–3 ≈ 1080 px.
// 800 and 1080 fit those screens without sending the next width up (720 missed the first by a pixel).
// 240 is for thumbnails (the preset gallery's are 96 px wide).
export const WIDTHS = [240, 480, 800, 1080, 1440, 1920];
/** The JPEG for browsers that read neither AVIF nor WebP. */
export const FALLBACK_WIDTH = 960;
export const WEBP = { quality: 72, effort: 4 } as const;
// AVIF for the browsers that read it (Picture offers it first): at a like look, 35 % smaller than
// the WebP over the whole site (the preset cover at 800 px: 47 KB WebP, 32 KB AVIF), which on a
// phone's link is the main picture on screen sooner. Effort 1 encodes in a third of effort 2's
// time, at the same quality (SSIM within 0.002 at every width) and 6-27 % fewer bytes at 800 px
// and up: a cold build of every picture takes under 6 minutes on 2 cores, within the hosts'
// build limits (docs/performance.md, "Media").
export const AVIF = { quality: 50, effort: 1 } as const;
export const JPEG = { quality: 78, progressive: true } as const;

/** The preview is this many bands of colour, top to bottom (components/media/picture.module.css). */
export const PREVIEW_BANDS = 3;
