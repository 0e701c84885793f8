import localFont from 'next/font/local';

// Self-hosted from @fontsource packages, Latin subset only; next/font preloads them and adds a
// metric-matched fallback so that the swap does not shift the layout.
export const serif = localFont({
  src: [
    {
      path: '../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2',
      weight: '500',
      style: 'normal',
    },
    {
      path: '../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff2',
      weight: '500',
      style: 'italic',
    },
  ],
  variable: '--font-serif',
  display: 'swap',
  fallback: ['Georgia', 'Times New Roman', 'serif'],
});

export const sans = localFont({
  src: '../node_modules/@fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
  weight: '300 700',
  variable: '--font-sans',
  display: 'swap',
  fallback: ['system-ui', 'Segoe UI', 'Helvetica', 'Arial', 'sans-serif'],
});
