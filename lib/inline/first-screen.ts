import { afterFirstPaint, whenHydrated } from '@/lib/browser/first-paint';

/** Set in localStorage once this browser has fetched the web fonts, which its cache now holds. */
export const FONTS_FETCHED = 'web-fonts';

/** Each web font family, with the names of its metric-matched stand-ins. */
export type StandIns = Record<string, string[]>;

/**
 * The stand-ins of next/font families (app/font-fallbacks.css): next/font lists the family first,
 * then the fallbacks of lib/fonts.ts, of which the stand-ins are the "… fallback" ones (the rest
 * are system names).
 */
export function standInsOf(fonts: { style: { fontFamily: string } }[]): StandIns {
  return Object.fromEntries(
    fonts.map(({ style }) => {
      const [family, ...fallbacks] = style.fontFamily.split(',').map((name) => name.trim());
      return [
        family!.replace(/^'|'$/g, ''),
        fallbacks.filter((name) => name.includes(' fallback')),
      ];
    }),
  );
}

/**
 * Keeps the first screen's path short on a phone: until the first screen is painted, nothing else
 * competes with it for the connection.
 *
 * - Lazy pictures wait: `<html data-painting>` hides them (picture.module.css,
 *   preset-gallery.module.css), which keeps the browser from fetching the ones near the viewport
 *   at its first layout. Their boxes keep their size and show the preview colours meanwhile.
 *   Without JavaScript the attribute is never set.
 * - The web fonts are fetched afterwards, once React has also hydrated the page, and switched on
 *   once they are in, with `<html data-fonts>`; until then the text is set in their stand-ins
 *   (app/font-fallbacks.css), so the switch moves nothing. A browser that has fetched them before
 *   has them in its cache: they are on from the first frame.
 * - The switch sets the text again, and the stand-ins match the fonts' widths on average, not
 *   word by word: while a dialog is open (the cart, a quick view, a photo's viewer), the words
 *   being read would move a few pixels. The switch waits for it to close.
 */
export function firstScreen(standIns: StandIns) {
  const root = document.documentElement;
  root.setAttribute('data-painting', '');
  // Looked for again every quarter second: a dialog can also leave with its page (a link in the
  // cart), without a close event.
  const switchOn = () => {
    if (document.querySelector('dialog[open]')) setTimeout(switchOn, 250);
    else root.setAttribute('data-fonts', '');
  };
  const fontsOn = () => {
    switchOn();
    try {
      localStorage.setItem(FONTS_FETCHED, '1');
    } catch {
      // storage disabled: the fonts are fetched again on the next visit
    }
  };
  let cached = false;
  try {
    cached = !!localStorage.getItem(FONTS_FETCHED);
  } catch {
    // storage disabled
  }
  if (cached) fontsOn();

  // On a first visit: fetch the web faces whose stand-ins the page's text has asked for (the home
  // page's italic, say, and not elsewhere; "error" is a stand-in this system lacks), then switch
  // once they are all in: the page is laid out again once, and no face arrives after the switch.
  // FontFace.load fetches that face and nothing else; a font string (document.fonts.load) would
  // also look up every system font it lists, which on Linux costs a layout of the whole page.
  const fetchFonts = () => {
    const fonts = document.fonts as FontFaceSet | undefined;
    if (!fonts?.forEach) return fontsOn();
    const faces: FontFace[] = [];
    const used = (face: FontFace, standIn: string[]) => {
      let asked = false;
      fonts.forEach((other) => {
        if (
          other.status !== 'unloaded' &&
          other.style === face.style &&
          standIn.includes(other.family)
        )
          asked = true;
      });
      return asked;
    };
    fonts.forEach((face) => {
      const standIn = standIns[face.family];
      if (standIn && used(face, standIn)) faces.push(face);
    });
    Promise.all(faces.map((face) => face.load())).then(fontsOn, fontsOn);
  };

  // The fonts wait for React's hydration too (five seconds at most), so that on a phone's
  // connection they do not hold back the scripts that make the page's buttons work.
  afterFirstPaint(() => {
    root.removeAttribute('data-painting');
    if (!cached) whenHydrated(fetchFonts, 5000);
  }, 2000);
}
