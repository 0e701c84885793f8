import { PageHeader } from '@/components/ui/page-header';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.contact, path: '/contact/' });

export default function ContactPage() {
  return <PageHeader heading={pages.contact.heading} intro={pages.contact.intro} />;
}
