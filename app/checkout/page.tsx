import { PageHeader } from '@/components/ui/page-header';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.checkout, path: '/checkout/', index: false });

export default function CheckoutPage() {
  return <PageHeader heading={pages.checkout.heading} intro={pages.checkout.intro} />;
}
