/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  turbopack: {
    root: import.meta.dirname,
    // Formspree's Stripe support, which the contact form does not use (lib/no-stripe.ts).
    resolveAlias: {
      '@stripe/react-stripe-js': { browser: './lib/no-stripe.ts' },
      '@stripe/stripe-js/pure/index.js': { browser: './lib/no-stripe.ts' },
    },
  },
  // Each page's CSS is a few KB: inlined, the first paint needs no second round trip.
  experimental: { inlineCss: true },
};

export default nextConfig;
