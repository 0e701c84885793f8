// The about page. Marketing edits this file.
export const about = {
  banner: {
    image: {
      src: 'about/banner.jpg',
      alt: 'The team filming a couple on a palace terrace at sunset',
    },
    heading: 'Cinematic. Raw. Nostalgic.',
    link: { label: 'View the Collection', href: '/services/' },
  },
  story: [
    'We started Saanjh in 2016 with one camera, a borrowed car and a cousin’s wedding in Surrey. Ten years and more than three hundred weddings later, we still work the same way: close, quiet and a little obsessed with light.',
    'Our photographers and filmmakers grew up at Indian weddings. We know when the baraat will be late, when the dhol will start, and where to stand when the vidaai comes. That lets us disappear and catch what really happened.',
    'We shoot in Vancouver, across Canada, in India and wherever our couples take us.',
  ],
  images: [
    {
      src: 'about/team-1.jpg',
      alt: 'Our lead photographer framing a shot through a palace window',
    },
    { src: 'about/team-2.jpg', alt: 'Filmmaker with a gimbal following a baraat at dusk' },
    { src: 'about/team-3.jpg', alt: 'The team reviewing photographs under string lights' },
  ],
};
