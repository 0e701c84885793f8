import { PageHeader } from '@/components/ui/page-header';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.about, path: '/about/' });

export default function AboutPage() {
  return <PageHeader heading={pages.about.heading} intro={pages.about.intro} />;
}
