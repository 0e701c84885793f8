// The Lightroom preset packs sold in the shop. Marketing edits this file.
// Images are paths inside media/. `slug` is the pack's permanent id: its page address
// (/full-item/<slug>/), its sku in PayPal orders and the name of its file in the service's packs
// folder. It was made from the name by the spec's rule (lib/slug.ts); keep it when renaming a pack,
// so that old orders, links and resends keep working.

const whatsIncluded = [
  '6 colored presets + 1 B&W preset',
  'Installation video',
  'Installation PDF',
  '.XMP format',
  'Requires a Lightroom subscription: Lightroom Classic CC v11+, Lightroom CC v5+, or Photoshop ACR v14+',
];

/** The six scenes every pack is shown on, before and after its tone is applied. */
const scenes = [
  {
    id: 'haldi',
    label: 'Haldi morning',
    alt: 'Bride laughing as turmeric is smeared on her cheeks',
  },
  {
    id: 'baraat',
    label: 'Baraat at dusk',
    alt: 'Groom on a white horse under string lights at dusk',
  },
  { id: 'mehndi', label: 'Mehndi details', alt: 'Henna-covered hands holding marigold petals' },
  {
    id: 'portrait',
    label: 'Golden-hour portrait',
    alt: 'Couple silhouetted against a low golden sun',
  },
  {
    id: 'mandap',
    label: 'Mandap vows',
    alt: 'Couple seated by the sacred fire under a floral mandap',
  },
  { id: 'sangeet', label: 'Sangeet night', alt: 'Guests dancing under warm lights at a sangeet' },
];

function comparisons(slug: string, tone: string) {
  return scenes.map((scene) => ({
    label: scene.label,
    before: { src: `presets/scenes/${scene.id}.jpg`, alt: `${scene.alt}, unedited` },
    after: { src: `presets/${slug}/${scene.id}.jpg`, alt: `${scene.alt}, edited with ${tone}` },
  }));
}

function gallery(slug: string, tone: string) {
  return [
    {
      src: `presets/${slug}/gallery-1.jpg`,
      alt: `Bride in a red lehenga by a window, edited with ${tone}`,
    },
    {
      src: `presets/${slug}/gallery-2.jpg`,
      alt: `Couple walking through a palace courtyard, edited with ${tone}`,
    },
    {
      src: `presets/${slug}/gallery-3.jpg`,
      alt: `Close-up of bangles and mehndi, edited with ${tone}`,
    },
    {
      src: `presets/${slug}/gallery-4.jpg`,
      alt: `Groom tying his safa in the evening light, edited with ${tone}`,
    },
    {
      src: `presets/${slug}/gallery-5.jpg`,
      alt: `Family blessing the couple at dusk, edited with ${tone}`,
    },
  ];
}

export const presets = [
  {
    name: 'Stoic Pack',
    slug: 'stoic-pack',
    price: 39.99,
    tagline: 'Moody, muted, timeless.',
    description:
      'Deep shadows, quiet greens and skin that stays warm. Stoic is the look of our candlelit pheras and monsoon portraits: restrained colour that lets the emotion do the talking.',
    image: {
      src: 'presets/stoic-pack/cover.jpg',
      alt: 'Couple under a dark archway, edited with the Stoic Pack',
    },
    gallery: gallery('stoic-pack', 'the Stoic Pack'),
    whatsIncluded,
    comparisons: comparisons('stoic-pack', 'the Stoic Pack'),
    categories: ['WEDDINGS'],
    legacyPath: 'stoic-preset',
  },
  {
    name: 'Regal Tones',
    slug: 'regal-tones',
    price: 39.99,
    tagline: 'Jewel tones with a royal glow.',
    description:
      'Rich reds, deep golds and polished contrast for lehengas, sherwanis and palace venues. Regal Tones keeps every embroidered thread crisp while skin stays natural.',
    image: {
      src: 'presets/regal-tones/cover.jpg',
      alt: 'Bride in a crimson lehenga on palace steps, edited with Regal Tones',
    },
    gallery: gallery('regal-tones', 'Regal Tones'),
    whatsIncluded,
    comparisons: comparisons('regal-tones', 'Regal Tones'),
    categories: ['WEDDINGS'],
    legacyPath: 'regal-preset',
  },
  {
    name: 'Earthy Tone',
    slug: 'earthy-tone',
    price: 34.99,
    tagline: 'Warm browns, olive greens, soft matte.',
    description:
      'A grounded, sun-baked palette for outdoor ceremonies and farmhouse mehndis. Earthy Tone softens highlights and warms the greens for a gentle, film-like finish.',
    image: {
      src: 'presets/earthy-tone/cover.jpg',
      alt: 'Couple in a wheat field at sunset, edited with Earthy Tone',
    },
    gallery: gallery('earthy-tone', 'Earthy Tone'),
    whatsIncluded,
    comparisons: comparisons('earthy-tone', 'Earthy Tone'),
    categories: ['WEDDINGS'],
    legacyPath: 'earthy-preset',
  },
  {
    name: 'Soul Tone',
    slug: 'soul-tone',
    price: 34.99,
    tagline: 'Airy pastels for slow mornings.',
    description:
      'Soft, luminous and a little dreamy. Soul Tone lifts the shadows and cools the whites for travel diaries, portraits and quiet getting-ready moments.',
    image: {
      src: 'presets/soul-tone/cover.jpg',
      alt: 'Woman on a rooftop at sunrise, edited with Soul Tone',
    },
    gallery: gallery('soul-tone', 'Soul Tone'),
    whatsIncluded,
    comparisons: comparisons('soul-tone', 'Soul Tone'),
    categories: ['TRAVEL'],
    legacyPath: 'soul-tone-preset',
  },
  {
    name: 'Film Pack',
    slug: 'film-pack',
    price: 34.99,
    tagline: 'Faded blacks and honest grain.',
    description:
      'Our love letter to 35 mm: lifted blacks, creamy highlights and a fine grain that makes digital files feel like prints from your parents’ wedding album.',
    image: {
      src: 'presets/film-pack/cover.jpg',
      alt: 'Grainy portrait of a couple in a vintage car, edited with the Film Pack',
    },
    gallery: gallery('film-pack', 'the Film Pack'),
    whatsIncluded,
    comparisons: comparisons('film-pack', 'the Film Pack'),
    categories: ['FILM'],
    legacyPath: 'film-pack-preset',
  },
  {
    name: 'Awaken',
    slug: 'awaken',
    price: 34.99,
    tagline: 'Bright, crisp and golden.',
    description:
      'Clean whites, vivid skies and golden-hour warmth. Awaken brings energy to travel and destination work without ever pushing skin tones orange.',
    image: {
      src: 'presets/awaken/cover.jpg',
      alt: 'Couple on a beach at golden hour, edited with Awaken',
    },
    gallery: gallery('awaken', 'Awaken'),
    whatsIncluded,
    comparisons: comparisons('awaken', 'Awaken'),
    categories: ['TRAVEL'],
    legacyPath: 'awaken-preset',
  },
];
