/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  turbopack: { root: import.meta.dirname },
  // Each page's CSS is a few KB: inlined, the first paint needs no second round trip.
  experimental: { inlineCss: true },
};

export default nextConfig;
