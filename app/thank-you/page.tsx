import { PageHeader } from '@/components/ui/page-header';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.thankYou, path: '/thank-you/', index: false });

export default function ThankYouPage() {
  return <PageHeader heading={pages.thankYou.heading} intro={pages.thankYou.intro} />;
}
