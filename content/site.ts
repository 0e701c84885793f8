// The studio's identity, navigation and the spec's constants. Marketing edits this file.
export const site = {
  name: 'Saanjh Studio',
  tagline: 'Cinematic · Raw · Nostalgic',
  taglines: [
    'Wedding films and photographs that feel like memory.',
    'Indian weddings, told the way they felt.',
  ],
  description:
    'Saanjh Studio is a wedding photography and film studio for Indian weddings: cinematic, raw and nostalgic stories from the haldi to the vidaai.',
  url: 'https://www.saanjhstudio.example',
  email: 'hello@saanjhstudio.example',
  phone: '+1 604 555 0142',
  location: { city: 'Vancouver', region: 'BC', country: 'CA' },
  areaServed: ['Vancouver', 'British Columbia', 'India', 'Destination weddings worldwide'],
  socials: [
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/saanjhstudio' },
    { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@saanjhstudio' },
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/saanjhstudio' },
  ],
  schedulingUrl: 'https://calendly.com/saanjhstudio/consultation',
  schedulingWidgetScript: 'https://assets.calendly.com/assets/external/widget.js',
  currency: 'USD',
  copyrightYear: 2016,
  nav: {
    header: [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services/' },
      {
        label: 'For Photographers',
        links: [
          { label: 'Education', href: '/education/' },
          { label: 'Presets', href: '/presets/' },
        ],
      },
      { label: 'About', href: '/about/' },
      { label: 'Contact', href: '/contact/' },
    ],
    book: { label: 'Book Appointment', href: '/book/' },
    footer: [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services/' },
      { label: 'Education', href: '/education/' },
      { label: 'Presets', href: '/presets/' },
      { label: 'About', href: '/about/' },
      { label: 'Contact', href: '/contact/' },
      { label: 'Book Appointment', href: '/book/' },
    ],
  },
  constants: {
    galleryRotationMs: 2000,
    thumbnailScrollStepPx: 100,
    headerScrolledThresholdPx: 50,
    parallaxStrength: 500,
    parallaxBannerHeightPx: 300,
    scriptTimeoutMs: 120_000,
    schedulingWidgetHeightPx: 700,
    schedulingWidgetMinWidthPx: 320,
    schedulingFallbackAfterMs: 6000,
  },
};
