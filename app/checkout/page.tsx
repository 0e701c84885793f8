import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { Checkout } from '@/components/checkout/checkout';
import { checkoutCopy, site, tax, terms } from '@/lib/content';
import { countryNames } from '@/lib/shared/countries';
import { timeZoneCountries } from '@/lib/node/time-zones';
import { settings } from '@/lib/settings';

export const metadata = contentPageMetadata('checkout');

export default function CheckoutPage() {
  const countries = countryNames();
  return (
    <ContentPage name="checkout">
      <Checkout
        copy={checkoutCopy}
        sale={terms.atButton}
        paypalClientId={settings.paypalClientId}
        apiBaseUrl={settings.apiBaseUrl}
        tax={tax}
        countries={countries}
        timeZones={timeZoneCountries(
          tax.schemes.flatMap((scheme) => scheme.places.map((place) => place.country)),
        )}
        studioEmail={site.email}
      />
    </ContentPage>
  );
}
