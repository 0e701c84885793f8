// The coaching and mentorship page for photographers. Marketing edits this file.
export const education = {
  image: {
    src: 'education/coaching.jpg',
    alt: 'A photographer reviewing images on a laptop by a window at dusk',
  },
  offers: [
    {
      name: '1:1 Coaching Call',
      price: 350,
      status: 'available',
      details: ['1.5 hours', 'Video call', 'Your questions answered in 60-90 minutes'],
      description:
        'Bring your portfolio, your pricing or your editing: we go through what you need most, from lighting a night baraat to running a studio.',
      link: { label: 'Book a call', href: '/book/' },
    },
    {
      name: 'Live Mentorship',
      price: 1500,
      status: 'coming-soon',
      details: ['2-hour coaching session', '1-hour photoshoot', 'Vancouver area'],
      description:
        'A day with us: a coaching session in the studio, then a real shoot together so you can see how we direct, light and work with couples.',
      link: null,
    },
  ],
  shop: {
    heading: 'Our Lightroom presets',
    text: 'The looks we use on every Saanjh wedding, made for warm skin tones and marigold gold.',
    link: { label: 'View All', href: '/presets/' },
  },
};
