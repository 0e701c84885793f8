import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Analytics } from '@/components/analytics/analytics';
import { CartButton, CartPanel } from '@/components/cart/cart-panel';
import { CartProvider } from '@/components/cart/cart-provider';
import { PendingOrder } from '@/components/checkout/pending-order';
import { EarlyTaps } from '@/components/chrome/early-taps';
import { FirstScreen } from '@/components/chrome/first-screen';
import { PriceTax } from '@/components/chrome/price-tax';
import { HydratedMark } from '@/components/chrome/hydrated-mark';
import { SiteFooter } from '@/components/chrome/site-footer';
import { SiteHeader } from '@/components/chrome/site-header';
import { SocialLinks } from '@/components/chrome/social-links';
import { cartCatalog } from '@/lib/cart-catalog';
import { shopReturnPolicy } from '@/lib/catalog';
import { checkoutCopy, home, rates, shopCopy, site, terms } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import { TITLE_TEMPLATE } from '@/lib/metadata';
import { studioData } from '@/lib/structured-data';
import { JsonLd } from '@/components/ui/json-ld';
import { cormorantGaramond, jost } from '@/lib/fonts';
import { settings } from '@/lib/settings';
import './font-fallbacks.css';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(settings.siteUrl),
  title: { default: `${site.name} — ${site.tagline}`, template: TITLE_TEMPLATE },
  description: site.description,
  applicationName: site.name,
  openGraph: { siteName: site.name, type: 'website', locale: 'en_US' },
  twitter: { card: 'summary_large_image' },
};

export const viewport: Viewport = {
  themeColor: '#13100e',
  colorScheme: 'dark',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // FirstScreen sets data-painting and data-fonts on <html> before React hydrates it.
    <html
      lang="en"
      className={`${cormorantGaramond.variable} ${jost.variable}`}
      suppressHydrationWarning
    >
      <head>
        <FirstScreen />
        <EarlyTaps />
        <PriceTax />
      </head>
      <body>
        <JsonLd
          data={studioData(
            site,
            settings.siteUrl,
            mediaImage(home.hero.poster.src).fallback,
            shopReturnPolicy(),
          )}
        />
        <CartProvider
          entries={cartCatalog()}
          currency={site.currency}
          copy={shopCopy.cart}
          money={{
            rates: rates.rates,
            approximately: terms.atButton.approximately,
            chargedIn: terms.atButton.chargedIn,
          }}
        >
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader
            siteName={site.name}
            items={site.nav.header}
            book={site.nav.book}
            socials={<SocialLinks socials={site.socials} />}
            scrolledThresholdPx={site.constants.headerScrolledThresholdPx}
          />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter site={site} />
          <CartPanel
            note={checkoutCopy.cartNote}
            payment={terms.atButton.payment}
            termsLink={terms.atButton.termsLink}
          />
          <CartButton />
          <PendingOrder
            copy={checkoutCopy.recovered}
            paidNotDelivered={checkoutCopy.messages.paidNotDelivered}
            apiBaseUrl={settings.apiBaseUrl}
          />
          <Analytics measurementId={settings.gaMeasurementId} />
          <HydratedMark />
        </CartProvider>
      </body>
    </html>
  );
}
