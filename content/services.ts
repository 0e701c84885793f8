// The services overview tiles and their sub-pages (/services/{slug}). Marketing edits this file.
// The wedding card links are kept exactly as the original site had them (see SPEC.md, section 2).
export const services = [
  {
    slug: 'weddings',
    name: 'Weddings',
    image: { src: 'services/weddings.jpg', alt: 'Bride and groom walking around the sacred fire' },
    title: 'Wedding Photography & Films',
    description: 'Indian wedding photography and films: every ritual, every relative, every tear.',
    heading: 'Our Wedding Projects',
    intro: ['Two, three, sometimes five days of celebration, told as one story.'],
    kind: 'projects',
    projects: [
      {
        title: 'Aarav & Meera',
        description: 'A three-day palace wedding in Udaipur, lit by lanterns and the lake.',
        image: {
          src: 'projects/wed1.jpg',
          alt: 'Aarav and Meera on a palace balcony above Lake Pichola',
        },
        href: '/Weddings/wed1',
      },
      {
        title: 'Kabir & Ishita',
        description: 'A monsoon wedding in a Goan garden, with dhol, rain and a lot of dancing.',
        image: {
          src: 'projects/wed2.jpg',
          alt: 'Kabir and Ishita dancing in the rain under a canopy',
        },
        href: '/Weddings/wed2',
      },
      {
        title: 'Rohan & Tara',
        description:
          'An intimate temple wedding in Vancouver with forty guests and one very proud nani.',
        image: {
          src: 'projects/wed3.jpg',
          alt: 'Rohan and Tara seated before the priest in a temple hall',
        },
        href: '/weddings/rohan-and-tara',
      },
    ],
  },
  {
    slug: 'pre-post-weddings',
    name: 'Pre & Post Weddings',
    image: { src: 'services/pre-post-weddings.jpg', alt: 'Couple laughing on a rooftop at dusk' },
    title: 'Pre & Post Wedding Shoots',
    description: 'Pre-wedding and post-wedding shoots in cities, mountains and old family homes.',
    heading: 'Pre & Post Wedding Shoots',
    intro: [
      'Before the chaos and after it: slow, unhurried sessions where you can just be together.',
    ],
    kind: 'projects',
    projects: [
      {
        title: 'Old Delhi Mornings',
        description: 'Chai, rickshaws and a quiet walk through the lanes before the city woke up.',
        image: {
          src: 'projects/pre-wedding-shoot-1.jpg',
          alt: 'Couple sharing chai in a narrow Old Delhi lane',
        },
        href: '/preweddings/pre-wedding-shoot-1',
      },
      {
        title: 'Sea to Sky',
        description: 'Mist, cedar forests and a cold mountain lake on the road to Whistler.',
        image: {
          src: 'projects/pre-wedding-shoot-2.jpg',
          alt: 'Couple wrapped in a shawl beside a misty lake',
        },
        href: '/preweddings/pre-wedding-shoot-2',
      },
      {
        title: 'Jaipur in Pink',
        description: 'Sandstone arches, pigeons and the long golden light of a Rajasthan evening.',
        image: {
          src: 'projects/pre-wedding-shoot-3.jpg',
          alt: 'Couple beneath a pink sandstone arch in Jaipur',
        },
        href: '/preweddings/pre-wedding-shoot-3',
      },
      {
        title: 'The Family Home',
        description:
          'A post-wedding session in the house where she grew up, with her grandfather’s radio.',
        image: {
          src: 'projects/pre-wedding-shoot-4.jpg',
          alt: 'Newlyweds on the veranda of an old family home',
        },
        href: '/preweddings/pre-wedding-shoot-4',
      },
    ],
  },
  {
    slug: 'event-coverage',
    name: 'Event Coverage',
    image: {
      src: 'services/event-coverage.jpg',
      alt: 'Guests dancing under fairy lights at a sangeet',
    },
    title: 'Event Coverage',
    description:
      'Sangeets, receptions, anniversaries and milestone birthdays, photographed and filmed.',
    heading: 'Event Coverage',
    intro: [
      'The sangeet, the reception, the sixtieth birthday: the nights everyone talks about for years.',
    ],
    kind: 'projects',
    projects: [
      {
        title: 'A Sangeet to Remember',
        description: 'Two families, one choreographed battle and a dance floor that never emptied.',
        image: { src: 'projects/event1.jpg', alt: 'Cousins mid-dance on a sangeet stage' },
        href: '/events/event1',
      },
      {
        title: 'Golden Anniversary',
        description:
          'Fifty years of marriage, celebrated with the same songs played at their wedding.',
        image: {
          src: 'projects/event2.jpg',
          alt: 'Elderly couple cutting a cake surrounded by family',
        },
        href: '/events/event2',
      },
      {
        title: 'Reception by the Water',
        description: 'A harbour-side reception with lanterns, speeches and a late-night chai bar.',
        image: {
          src: 'projects/event3.jpg',
          alt: 'Lantern-lit reception tables beside the harbour',
        },
        href: '/events/event3',
      },
    ],
  },
  {
    slug: 'fashion-shoots',
    name: 'Fashion Shoots',
    image: {
      src: 'services/fashion-shoots.jpg',
      alt: 'Model in a flowing saree against a desert sky',
    },
    title: 'Fashion Shoots',
    description: 'Editorial and bridal-wear fashion shoots for designers and boutiques.',
    heading: 'Fashion Shoots',
    intro: ['Editorial work for designers and bridal boutiques, with the same love of light.'],
    kind: 'projects',
    projects: [
      {
        title: 'Desert Silk',
        description: 'A bridal-wear editorial shot among the dunes at first light.',
        image: {
          src: 'projects/fashion-shoot-1.jpg',
          alt: 'Model in a silk lehenga on a sand dune at dawn',
        },
        href: '/fashion/fashion-shoot-1',
      },
      {
        title: 'Monsoon Muslin',
        description: 'Handloom muslins photographed in the rain for an independent label.',
        image: {
          src: 'projects/fashion-shoot-2.jpg',
          alt: 'Model in white muslin holding a black umbrella',
        },
        href: '/fashion/fashion-shoot-2',
      },
      {
        title: 'Heirloom',
        description: 'Vintage jewellery and the faces of three generations of women.',
        image: {
          src: 'projects/fashion-shoot-3.jpg',
          alt: 'Grandmother and granddaughter wearing matching jhumkas',
        },
        href: '/fashion/fashion-shoot-3',
      },
    ],
  },
  {
    slug: 'ad-films',
    name: 'Ad Films',
    image: { src: 'services/ad-films.jpg', alt: 'Film camera on a slider in a spice market' },
    title: 'Advertisement Films',
    description: 'Short advertisement films for brands that want to feel human.',
    heading: 'Our Advertisement Films',
    intro: ['Short films for brands that want their audience to feel something first.'],
    kind: 'films',
    films: 'ad',
  },
  {
    slug: 'cinematicFilms',
    name: 'Cinematic Films',
    image: {
      src: 'services/cinematic-films.jpg',
      alt: 'Couple framed by a window in soft backlight',
    },
    title: 'Cinematic Wedding Films',
    description:
      'Cinematic wedding and event films: raw moments, honest sound and nostalgic colour.',
    heading: 'Cinematics',
    intro: ['Wedding films with real voices, real vows and the noise of a family that loves you.'],
    kind: 'films',
    films: 'cinematic',
  },
  {
    slug: 'others',
    name: 'Others',
    image: { src: 'services/others.jpg', alt: 'Newborn’s hand holding a parent’s finger' },
    title: 'Other Services',
    description:
      'Engagements, portraits, feature films, online promotions, corporate shoots and newborns.',
    heading: 'Other Services',
    intro: ['Beyond weddings, we tell smaller stories too. Write to us about any of these.'],
    kind: 'others',
    offerings: [
      {
        name: 'Engagements',
        image: { src: 'others/engagements.jpg', alt: 'Ring being slipped onto a hennaed finger' },
      },
      {
        name: 'Family/Couple Portraits',
        image: { src: 'others/portraits.jpg', alt: 'Three generations of a family on a porch' },
      },
      {
        name: 'Feature Films',
        image: { src: 'others/feature-films.jpg', alt: 'Clapperboard on a film set at night' },
      },
      {
        name: 'Online Promotions',
        image: {
          src: 'others/online-promotions.jpg',
          alt: 'Phone showing a reel of a boutique launch',
        },
      },
      {
        name: 'Corporate Shoots',
        image: { src: 'others/corporate.jpg', alt: 'Team portrait in a sunlit studio' },
      },
      {
        name: 'New Born Shot',
        image: { src: 'others/newborn.jpg', alt: 'Sleeping newborn wrapped in a mulmul cloth' },
      },
    ],
  },
];
