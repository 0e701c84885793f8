import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { OrderReceipt } from '@/components/checkout/order-receipt';
import { AllOrders, ResendLinks } from '@/components/checkout/resend-links';
import { checkoutCopy, site, tax, terms } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { settings } from '@/lib/settings';

export const metadata = contentPageMetadata('thankYou');

export default function ThankYouPage() {
  return (
    <ContentPage name="thankYou">
      <OrderReceipt
        copy={checkoutCopy.receipt}
        taxWords={tax.words}
        currency={site.currency}
        links={settings.links}
        guideLabel={terms.appGuide.heading}
      />
      <ResendLinks
        copy={{
          ...checkoutCopy.resend,
          intro: fillIn(checkoutCopy.resend.intro, settings.links),
        }}
        apiBaseUrl={settings.apiBaseUrl}
      />
      <AllOrders copy={checkoutCopy.allOrders} apiBaseUrl={settings.apiBaseUrl} />
    </ContentPage>
  );
}
