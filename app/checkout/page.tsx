import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { Checkout } from '@/components/checkout/checkout';
import { checkoutCopy, site, tax, terms } from '@/lib/content';
import { countryNames } from '@/lib/shared/countries';
import { settings } from '@/lib/settings';

export const metadata = contentPageMetadata('checkout');

export default function CheckoutPage() {
  return (
    <ContentPage name="checkout">
      <Checkout
        copy={checkoutCopy}
        sale={terms.atButton}
        paypalClientId={settings.paypalClientId}
        apiBaseUrl={settings.apiBaseUrl}
        tax={tax}
        countries={countryNames()}
        studioEmail={site.email}
      />
    </ContentPage>
  );
}
