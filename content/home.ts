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
};
