// The placeholder photographs the build may paint, until the studio drops real ones into media/
// under the same path. A path the content references that is neither a file in media/ nor
// listed here fails the build, so a mistyped file name is caught rather than painted over.
import { presets, products } from '@/lib/content';
import { journal } from '@/lib/journal/posts';

export type Placeholder =
  /** Painted from the scene its alt text describes (`hint` when no content entry names it). */
  | { kind: 'paint'; width: number; aspect: number; hint?: string }
  /**
   * The `from` photograph with a pack's look applied (the same table the try-on applies): an
   * honest "after" picture.
   */
  | { kind: 'look'; from: string; pack: string };

const LANDSCAPE = 3 / 2;
const PORTRAIT = 2 / 3;

function series(folder: string, count: number, width = 2400): [string, Placeholder][] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    // Every third photo stands upright, as in a real wedding set.
    const aspect = n % 3 === 2 ? PORTRAIT : LANDSCAPE;
    const long = aspect < 1 ? Math.round(width * aspect) : width;
    return [`${folder}/${String(n).padStart(2, '0')}.jpg`, { kind: 'paint', width: long, aspect }];
  });
}

const paint = (width: number, aspect: number, hint?: string): Placeholder => ({
  kind: 'paint',
  width,
  aspect,
  hint,
});

const galleryCounts: Record<string, number> = {
  wed1: 18,
  wed2: 16,
  'pre-wedding-shoot-1': 12,
  'pre-wedding-shoot-2': 10,
  'pre-wedding-shoot-3': 12,
  'pre-wedding-shoot-4': 9,
  'pre-wedding-shoot-5': 8,
  'fashion-shoot-1': 10,
  'fashion-shoot-2': 8,
  'fashion-shoot-3': 9,
  event1: 12,
  event2: 10,
  event3: 11,
};

const presetScenes = ['haldi', 'baraat', 'mehndi', 'portrait', 'mandap', 'sangeet'];
const presetGallery: [string, string][] = [
  ['gallery-1', 'Bride in a red lehenga by a window at golden hour'],
  ['gallery-2', 'Couple walking through a palace courtyard'],
  ['gallery-3', 'Close-up of bangles and mehndi'],
  ['gallery-4', 'Groom tying his safa in the evening light'],
  ['gallery-5', 'Family blessing the couple at dusk'],
];
const coverHints = [
  'Couple under a dark archway at dusk',
  'Bride on palace steps at golden hour',
  'Couple in a wheat field at sunset',
  'Woman on a rooftop at sunrise',
  'Couple in a vintage car at dusk',
  'Couple on a beach at golden hour',
];

/** The photos of the journal's sample posts (marked `sample: true`): a wide cover, then each event's. */
const journalSamples = journal()
  .filter((post) => post.sample)
  .flatMap((post): [string, Placeholder][] => [
    [post.cover.src, paint(2400, LANDSCAPE)],
    ...post.events.flatMap((event) =>
      event.photos.map((photo, i): [string, Placeholder] => [
        photo.src,
        i % 3 === 1 ? paint(1067, PORTRAIT) : paint(1600, LANDSCAPE),
      ]),
    ),
  ]);

export const placeholders = new Map<string, Placeholder>([
  ...journalSamples,
  ...Object.entries(galleryCounts).flatMap(([folder, count]) =>
    series(`galleries/${folder}`, count),
  ),
  ...presetScenes.map((id): [string, Placeholder] => [
    `presets/scenes/${id}.jpg`,
    paint(1600, LANDSCAPE),
  ]),
  ...presetGallery.map(([id, hint]): [string, Placeholder] => [
    `presets/scenes/${id}.jpg`,
    paint(1600, LANDSCAPE, hint),
  ]),
  ...presets.flatMap((preset, i): [string, Placeholder][] => [
    [
      `presets/scenes/cover-${preset.slug}.jpg`,
      paint(1200, 4 / 5, coverHints[i % coverHints.length]),
    ],
    [
      `presets/${preset.slug}/cover.jpg`,
      { kind: 'look', from: `presets/scenes/cover-${preset.slug}.jpg`, pack: preset.slug },
    ],
    ...[...presetScenes, ...presetGallery.map(([id]) => id)].map((id): [string, Placeholder] => [
      `presets/${preset.slug}/${id}.jpg`,
      { kind: 'look', from: `presets/scenes/${id}.jpg`, pack: preset.slug },
    ]),
  ]),
  // Every other product's cover (a pack's is its look, above).
  ...products
    .filter((product) => product.kind !== 'pack')
    .map((product): [string, Placeholder] => [product.image.src, paint(1200, 4 / 5)]),
  ...[
    'weddings',
    'pre-post-weddings',
    'event-coverage',
    'fashion-shoots',
    'ad-films',
    'cinematic-films',
    'others',
  ].map((id): [string, Placeholder] => [`services/${id}.jpg`, paint(1200, 4 / 5)]),
  ...[
    'wed1',
    'wed2',
    'wed3',
    'pre-wedding-shoot-1',
    'pre-wedding-shoot-2',
    'pre-wedding-shoot-3',
    'pre-wedding-shoot-4',
    'event1',
    'event2',
    'event3',
    'fashion-shoot-1',
    'fashion-shoot-2',
    'fashion-shoot-3',
  ].map((id): [string, Placeholder] => [`projects/${id}.jpg`, paint(1600, LANDSCAPE)]),
  ...['engagements', 'portraits', 'feature-films', 'online-promotions', 'corporate', 'newborn'].map(
    (id): [string, Placeholder] => [`others/${id}.jpg`, paint(1200, 4 / 5)],
  ),
  ...[
    'kesar-tea',
    'zari-silks',
    'noor-jewels',
    'chaiwala-co',
    'monsoon-motors',
    'banyan-bank',
    'gulmohar-hotels',
    'aarav-meera',
    'kabir-ishita',
    'rohan-tara',
    'ananya-dev',
    'simran-arjun',
    'priya-sam',
    'nisha-kunal',
    'zoya-imran',
    'meher-aditya',
    'sangeet-night',
    'golden-anniversary',
    'reception-harbour',
    'haldi-diaries',
  ].map((id): [string, Placeholder] => [`films/${id}.jpg`, paint(1600, 16 / 9)]),
  ['home/promo.jpg', paint(1600, LANDSCAPE)],
  ...[1, 2, 3, 4, 5, 6].map((n): [string, Placeholder] => [
    `home/grid-${n}.jpg`,
    paint(1600, n % 3 === 2 ? PORTRAIT : LANDSCAPE),
  ]),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n): [string, Placeholder] => [
    `home/strip-${n}.jpg`,
    paint(1200, 4 / 5),
  ]),
  ['home/banner.jpg', paint(2400, 16 / 9)],
  ['about/banner.jpg', paint(2400, 16 / 9)],
  ...[1, 2, 3].map((n): [string, Placeholder] => [`about/team-${n}.jpg`, paint(1200, 4 / 5)]),
  ['education/coaching.jpg', paint(1600, LANDSCAPE)],
  ['services/band.jpg', paint(2400, 16 / 9)],
  ...['meera-aarav', 'ishita-kabir', 'tara-rohan', 'ananya-dev', 'simran-arjun', 'priya-sam'].map(
    (id): [string, Placeholder] => [`lovenotes/${id}.jpg`, paint(1000, 4 / 5)],
  ),
]);
