// Bundles of preset packs. Members are preset names from content/presets.ts; the price shown is
// the sum of the members' prices (no bundle discount is invented).
export const bundles = [
  {
    name: 'Weddings Pack Bundle',
    slug: 'weddings-bundle',
    description:
      'The three packs we reach for on every wedding day: moody Stoic, royal Regal Tones and sun-warmed Earthy Tone.',
    image: {
      src: 'bundles/weddings-bundle.jpg',
      alt: 'Three wedding portraits edited with the Weddings Pack Bundle',
    },
    members: ['Stoic Pack', 'Regal Tones', 'Earthy Tone'],
    categories: ['WEDDINGS'],
  },
  {
    name: 'Portrait Pack Bundle',
    slug: 'portrait-bundle',
    description:
      'Soft, bright and earthy: three packs tuned for portraits and engagement sessions.',
    image: {
      src: 'bundles/portrait-bundle.jpg',
      alt: 'Three portraits edited with the Portrait Pack Bundle',
    },
    members: ['Soul Tone', 'Awaken', 'Earthy Tone'],
    categories: [],
  },
  {
    name: 'Bundle & Save All Presets',
    slug: 'bundle-save-all-presets',
    description: 'Every Saanjh pack in one download: all six looks, for every kind of day.',
    image: {
      src: 'bundles/bundle-save-all-presets.jpg',
      alt: 'A grid of photographs edited with all six Saanjh presets',
    },
    members: ['Stoic Pack', 'Regal Tones', 'Earthy Tone', 'Soul Tone', 'Film Pack', 'Awaken'],
    categories: ['FILM', 'TRAVEL'],
  },
];
