// Prints app/font-fallbacks.css: the stand-ins shown until the web fonts arrive, computed the way
// next/font computes its own fallback. After changing a font in lib/fonts.ts, run
//   npx tsx scripts/fonts/fallbacks.ts > app/font-fallbacks.css
// (fallbacks.test.ts fails until the file matches).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { format, resolveConfig } from 'prettier';

type FontFile = {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  glyphsForString(text: string): { advanceWidth: number }[];
};

// next/font's own copy of fontkit, as its local-font loader uses it.
const fontkit = createRequire(import.meta.url)(
  'next/dist/compiled/@next/font/dist/fontkit',
).default;
const createFont = fontkit.default ?? fontkit;

/**
 * A font file, at the given weight when it is a variable font. (fontkit's getVariation cannot
 * read WOFF2; a font built on a fresh stream with the axis coordinates is what it would return.)
 */
function openFont(path: string, weight?: number): FontFile {
  const buffer = readFileSync(path);
  const font = createFont(buffer);
  return weight === undefined
    ? font
    : new font.constructor(new font.stream.constructor(buffer), [weight]);
}

/** Letters weighted by their frequency, and spaces for word length (next/font's string). */
const AVERAGE_TEXT = 'aaabcdeeeefghiijklmnnoopqrrssttuvwxyz      ';

const averageWidth = (font: FontFile) =>
  font.glyphsForString(AVERAGE_TEXT).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) /
  AVERAGE_TEXT.length /
  font.unitsPerEm;

type StandIn = { width: number; names: string[] };

/**
 * System fonts and their average width per em over AVERAGE_TEXT, measured from their files:
 * Arial and Times New Roman as next/font records them (Liberation Sans and Serif, Arimo and Tinos
 * are metric clones and measure the same); Roboto and Noto Serif, Android's faces, from the
 * @fontsource packages' regular Latin files. local() matches a full or a PostScript name. Arial Bold
 * is measured from Liberation Sans Bold (Debian's fonts-liberation).
 */
const standIns = {
  arial: {
    width: 934.5116279069767 / 2048,
    names: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
  },
  arialBold: {
    width: 1011.046511627907 / 2048,
    names: [
      'Arial Bold',
      'Arial-BoldMT',
      'Liberation Sans Bold',
      'LiberationSans-Bold',
      'Arimo Bold',
      'Arimo-Bold',
    ],
  },
  roboto: { width: 938 / 2048, names: ['Roboto', 'Roboto Regular', 'Roboto-Regular'] },
  timesNewRoman: {
    width: 854.3953488372093 / 2048,
    names: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
  },
  timesNewRomanItalic: {
    width: 846.5581395348837 / 2048,
    names: [
      'Times New Roman Italic',
      'TimesNewRomanPS-ItalicMT',
      'Liberation Serif Italic',
      'LiberationSerif-Italic',
      'Tinos Italic',
      'Tinos-Italic',
    ],
  },
  notoSerif: {
    width: 497.2325581395349 / 1000,
    names: ['Noto Serif', 'Noto Serif Regular', 'NotoSerif-Regular'],
  },
  notoSerifItalic: {
    width: 480.51162790697674 / 1000,
    names: ['Noto Serif Italic', 'NotoSerif-Italic'],
  },
};

const fontFiles = 'node_modules/@fontsource';
const jost = `${fontFiles}-variable/jost/files/jost-latin-wght-normal.woff2`;
/** The weight of body text (app/globals.css): the variable Jost is narrower at 350 than at 400. */
const JOST_BODY_WEIGHT = 350;
/**
 * The heavier weights the site's CSS sets on Jost text (labels, buttons, prices, <strong>). Each
 * has a face of its own, measured at that weight: without one, the browser draws them from the
 * regular stand-in, emboldened but sized for the body weight, and they widen when Jost arrives
 * ("Add to Cart" by 10 %). From 600 up, the stand-in is Arial Bold. Word by word, widths still
 * differ: Jost's figures are wider than Arial's, and its capitals as wide or a fifth narrower (a
 * face of their own, a size of their own, would draw them taller or shorter than the letters).
 */
const JOST_HEAVIER_WEIGHTS = [500, 600, 700];
const cormorant = (style: string) =>
  `${fontFiles}/cormorant-garamond/files/cormorant-garamond-latin-500-${style}.woff2`;

/**
 * The families lib/fonts.ts names as fallbacks, in its order. Cormorant's italic is much narrower
 * than its roman, so its stand-in is an italic face of its own.
 */
const families: {
  family: string;
  italic?: boolean;
  /** The face's font-weight descriptor, where it is not the regular one. */
  weight?: number;
  font: string;
  /** The variable font's weight the stand-in is measured against. */
  wght?: number;
  standIn: StandIn;
}[] = [
  { family: 'Jost fallback', font: jost, wght: JOST_BODY_WEIGHT, standIn: standIns.arial },
  ...JOST_HEAVIER_WEIGHTS.map((weight) => ({
    family: 'Jost fallback',
    weight,
    font: jost,
    wght: weight,
    standIn: weight >= 600 ? standIns.arialBold : standIns.arial,
  })),
  // Android's Roboto is one face here: a bold face whose local() name a phone lacks would send
  // bold text past this family to system-ui, unadjusted. The heavier weights are drawn from it.
  { family: 'Jost fallback Roboto', font: jost, wght: JOST_BODY_WEIGHT, standIn: standIns.roboto },
  { family: 'Cormorant fallback', font: cormorant('normal'), standIn: standIns.timesNewRoman },
  {
    family: 'Cormorant fallback',
    italic: true,
    font: cormorant('italic'),
    standIn: standIns.timesNewRomanItalic,
  },
  { family: 'Cormorant fallback Noto', font: cormorant('normal'), standIn: standIns.notoSerif },
  {
    family: 'Cormorant fallback Noto',
    italic: true,
    font: cormorant('italic'),
    standIn: standIns.notoSerifItalic,
  },
];

const percent = (value: number) => `${(Math.abs(value) * 100).toFixed(2)}%`;

function fontFace({
  family,
  italic,
  weight,
  font,
  wght,
  standIn,
}: (typeof families)[number]): string {
  const file = openFont(font, wght);
  const sizeAdjust = averageWidth(file) / standIn.width;
  const em = file.unitsPerEm * sizeAdjust;
  return `@font-face {
  font-family: '${family}';${italic ? '\n  font-style: italic;' : ''}${weight ? `\n  font-weight: ${weight};` : ''}
  src: ${standIn.names.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(file.ascent / em)};
  descent-override: ${percent(file.descent / em)};
  line-gap-override: ${percent(file.lineGap / em)};
}
`;
}

/** The stylesheet, formatted as the repository's Prettier settings want it. */
export async function fallbackStylesheet(): Promise<string> {
  const css = `/*
 * Generated by scripts/fonts/fallbacks.ts: do not edit. Stand-ins for the web fonts, shown until
 * they arrive: local system fonts scaled to the web font's average letter width (size-adjust) and
 * given its ascent and descent, so that the swap moves nothing on the page. next/font's own
 * fallback names only local(Arial), which Android and Linux do not have; here each family lists
 * the names its metrics go by on every platform, and a second one covers Android's own faces.
 */
${families.map(fontFace).join('\n')}`;
  const target = 'app/font-fallbacks.css';
  return format(css, { ...(await resolveConfig(target)), filepath: target });
}

if (import.meta.url === `file://${process.argv[1]}`)
  process.stdout.write(await fallbackStylesheet());
