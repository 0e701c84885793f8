// Titles, descriptions and headings of the single pages. Marketing edits this file.
export const pages = {
  home: {
    title: 'Indian Wedding Photography & Films',
    description:
      'Cinematic, raw and nostalgic wedding photography and films for Indian weddings, from Vancouver to Udaipur.',
    heading: 'Saanjh Studio',
    intro: [
      'We photograph and film Indian weddings the way they feel from the inside: the turmeric on your cousin’s cheek, the dhol before sunrise, the quiet minute before the pheras.',
    ],
  },
  about: {
    title: 'About the Studio',
    description:
      'Meet the photographers and filmmakers behind Saanjh Studio, and how we tell Indian wedding stories.',
    heading: 'About Us',
    intro: [
      'Saanjh means the hour between day and night, when everything turns gold. It is the light we chase, and the feeling we want your photographs to keep.',
      'We are a small team of photographers and filmmakers who grew up at weddings like yours. We work quietly, we stay close, and we never ask a grandmother to pose twice.',
    ],
  },
  book: {
    title: 'Book a Consultation',
    description: 'Pick a time for a free video consultation with Saanjh Studio about your wedding.',
    heading: 'Book Appointment',
    intro: ['Choose a time that suits you for a relaxed, thirty-minute video call about your day.'],
  },
  contact: {
    title: 'Contact',
    description:
      'Tell us about your wedding: dates, city and the story you want told. We answer every enquiry within two days.',
    heading: 'Contact Us',
    intro: ['Tell us about your celebration. We read every note and answer within two days.'],
  },
  education: {
    title: 'Coaching & Mentorship for Photographers',
    description:
      'One-to-one coaching calls and live mentorship for wedding photographers, and the Saanjh Lightroom presets.',
    heading: 'Coaching & Mentorship',
    intro: [
      'Everything we learned photographing Indian weddings, shared one to one: how we light, how we edit, and how we run the studio.',
    ],
  },
  presets: {
    title: 'Lightroom Presets',
    description:
      'Lightroom presets made for warm skin tones, gold and marigold: the looks we use on every Saanjh wedding.',
    heading: 'Lightroom Presets',
    intro: [
      'The tones we use on our own weddings, packed for Lightroom Classic, Lightroom and Camera Raw.',
    ],
  },
  checkout: {
    title: 'Checkout',
    description: 'Complete your preset purchase securely with PayPal.',
    heading: 'Checkout',
    intro: [],
  },
  thankYou: {
    title: 'Thank You',
    description: 'Your preset purchase is complete.',
    heading: 'Thank You for Your Purchase!',
    intro: [
      'Your payment was successful, and a confirmation email with download links has been sent to you.',
    ],
  },
  services: {
    title: 'Services',
    description:
      'Wedding, pre-wedding, event and fashion photography, cinematic wedding films and advertisement films.',
    heading: 'Our Services',
    intro: ['From the first look to the last dance, in photographs and on film.'],
    image: {
      src: 'services/band.jpg',
      alt: 'A baraat crossing a bridge at dusk with lanterns overhead',
    },
  },
  lovenotes: {
    title: 'Love Notes',
    description: 'Words from the couples whose weddings we photographed and filmed.',
    heading: 'Love Notes',
    intro: [
      'A few words from couples who let us in on the most chaotic, beautiful days of their lives.',
    ],
  },
  notFound: {
    title: 'Page Not Found',
    description: 'This page does not exist.',
    heading: 'This page slipped out of the frame',
    intro: [
      'The page you asked for does not exist. One of these will take you somewhere beautiful:',
    ],
  },
};
