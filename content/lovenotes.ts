// Notes from couples, shown on /lovenotes. The couples are fictional placeholders.
export const loveNotes = [
  {
    couple: 'Meera & Aarav',
    place: 'Udaipur',
    note: 'We watched our film on the flight home and cried the whole way. You caught my dad’s face during the kanyadaan, a moment none of us saw.',
    portrait: {
      src: 'lovenotes/meera-aarav.jpg',
      alt: 'Meera and Aarav laughing on a palace balcony',
    },
  },
  {
    couple: 'Ishita & Kabir',
    place: 'Goa',
    note: 'It poured all day and you told us it would be the most beautiful light of the year. You were right. Our photos look like a dream.',
    portrait: {
      src: 'lovenotes/ishita-kabir.jpg',
      alt: 'Ishita and Kabir under a shared umbrella',
    },
  },
  {
    couple: 'Tara & Rohan',
    place: 'Vancouver',
    note: 'Our wedding was tiny, and you made it feel like a film. My nani has the print of her blessing us framed by her bed.',
    portrait: { src: 'lovenotes/tara-rohan.jpg', alt: 'Tara and Rohan with her grandmother' },
  },
  {
    couple: 'Ananya & Dev',
    place: 'Jaipur',
    note: 'Three days, two hundred guests, and somehow you were everywhere and invisible at once. Every relative has asked for your number.',
    portrait: { src: 'lovenotes/ananya-dev.jpg', alt: 'Ananya and Dev beneath a sandstone arch' },
  },
  {
    couple: 'Simran & Arjun',
    place: 'Amritsar',
    note: 'The Anand Karaj at dawn was the quietest moment of our lives, and you kept it quiet. The photographs feel like a held breath.',
    portrait: {
      src: 'lovenotes/simran-arjun.jpg',
      alt: 'Simran and Arjun in the early morning light',
    },
  },
  {
    couple: 'Priya & Sam',
    place: 'Toronto',
    note: 'Two ceremonies, two cultures, one story. You understood both of our families, and it shows in every frame.',
    portrait: {
      src: 'lovenotes/priya-sam.jpg',
      alt: 'Priya and Sam walking hand in hand through autumn leaves',
    },
  },
];
