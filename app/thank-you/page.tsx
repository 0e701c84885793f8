import { OrderReceipt } from '@/components/checkout/order-receipt';
import { AllOrders, ResendLinks } from '@/components/checkout/resend-links';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { checkoutCopy, pages, site, tax, terms } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { fillIn } from '@/lib/shared/copy';
import { settings } from '@/lib/settings';

export const metadata = pageMetadata({ ...pages.thankYou, path: '/thank-you/', index: false });

export default function ThankYouPage() {
  return (
    <>
      <PageHeader heading={pages.thankYou.heading} intro={pages.thankYou.intro} />
      <Section>
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
      </Section>
    </>
  );
}
