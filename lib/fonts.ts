import localFont from 'next/font/local';

// Self-hosted from @fontsource packages, Latin subset only. Not preloaded: the browser fetches
// only the faces a page renders (the italic is used on the home page alone). On a browser's first
// visit they are not used until the first screen is painted (components/chrome/first-screen.tsx),
// so the first image does not share a phone's first round trips with three font files. Until
// then, text is set in the metric-matched stand-ins of app/font-fallbacks.css
// (scripts/fonts/fallbacks.ts writes it; the fallback names below, and in globals.css, must match
// it), so the swap does not shift the page.
//
// next/font names each family after its variable. Not `serif` or `sans`: fontconfig (Linux,
// Chromebooks) answers those names with its own default fonts, which then stand in instead.
export const cormorantGaramond = localFont({
  src: [
    {
      path: '../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2',
      weight: '500',
      style: 'normal',
    },
    {
      path: '../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff2',
      weight: '500',
      style: 'italic',
    },
  ],
  variable: '--font-serif',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  fallback: ['Cormorant fallback', 'Cormorant fallback Noto', 'Georgia', 'serif'],
});

export const jost = localFont({
  src: '../node_modules/@fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
  weight: '300 700',
  variable: '--font-sans',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  fallback: ['Jost fallback', 'Jost fallback Roboto', 'system-ui', 'sans-serif'],
});
