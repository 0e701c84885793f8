// The home page. Marketing edits this file.
export const home = {
  hero: {
    poster: {
      src: 'video/hero-poster.jpg',
      alt: 'A couple silhouetted against a golden sky above the domes of a palace',
    },
    videos: [
      { src: 'video/hero.webm', type: 'video/webm' },
      { src: 'video/hero.mp4', type: 'video/mp4' },
    ],
  },
  promo: {
    heading: 'Love notes from our couples',
    text: 'Read what the families we followed through haldi, baraat and vidaai wrote to us afterwards.',
    link: { label: 'Read the love notes', href: '/lovenotes/' },
    image: { src: 'home/promo.jpg', alt: 'A bride reading a handwritten letter by candlelight' },
  },
  intro: {
    heading: 'Stories, not poses',
    text: [
      'We come for the whole wedding: the aunties arguing over the mehndi design, the groom’s nervous laugh, the first quiet minute after the pheras.',
      'Our photographs and films are cinematic, raw and a little nostalgic, made to feel like memory rather than a catalogue.',
    ],
    link: { label: 'See our services', href: '/services/' },
  },
  grid: [
    { src: 'home/grid-1.jpg', alt: 'Bride and groom laughing under a marigold canopy' },
    { src: 'home/grid-2.jpg', alt: 'Close-up of mehndi-covered hands holding a diya' },
    { src: 'home/grid-3.jpg', alt: 'Baraat dancing through the palace gates at dusk' },
    { src: 'home/grid-4.jpg', alt: 'Couple silhouetted on a rooftop at golden hour' },
    { src: 'home/grid-5.jpg', alt: 'Guests dancing under string lights at a sangeet' },
    { src: 'home/grid-6.jpg', alt: 'Pheras around the sacred fire in a lantern-lit mandap' },
  ],
  strip: {
    heading: 'From the last season',
    images: [
      { src: 'home/strip-1.jpg', alt: 'Haldi morning in a sunlit courtyard' },
      { src: 'home/strip-2.jpg', alt: 'Groom on a white horse at dusk' },
      { src: 'home/strip-3.jpg', alt: 'Bride in a red lehenga on palace steps at golden hour' },
      { src: 'home/strip-4.jpg', alt: 'Couple on a houseboat at sunset' },
      { src: 'home/strip-5.jpg', alt: 'Sparkler send-off on the dock at night' },
      { src: 'home/strip-6.jpg', alt: 'Couple walking through a misty cedar forest' },
      { src: 'home/strip-7.jpg', alt: 'Close-up of jhumkas catching the golden light' },
      { src: 'home/strip-8.jpg', alt: 'Vidaai under lanterns at night' },
    ],
  },
  banner: {
    image: { src: 'home/banner.jpg', alt: 'Palace domes across a lake at dusk' },
    heading: 'Let’s tell your story',
    link: { label: 'Book Appointment', href: '/book/' },
  },
};
