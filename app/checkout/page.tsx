import { Checkout } from '@/components/checkout/checkout';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { checkoutCopy, pages, site, tax, terms } from '@/lib/content';
import { countryNames } from '@/lib/shared/countries';
import { pageMetadata } from '@/lib/metadata';
import { settings } from '@/lib/settings';

export const metadata = pageMetadata({ ...pages.checkout, path: '/checkout/', index: false });

export default function CheckoutPage() {
  return (
    <>
      <PageHeader heading={pages.checkout.heading} intro={pages.checkout.intro} />
      <Section>
        <Checkout
          copy={checkoutCopy}
          sale={terms.atButton}
          paypalClientId={settings.paypalClientId}
          apiBaseUrl={settings.apiBaseUrl}
          tax={tax}
          countries={countryNames()}
          studioEmail={site.email}
        />
      </Section>
    </>
  );
}
