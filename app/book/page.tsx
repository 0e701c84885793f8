import { PageHeader } from '@/components/ui/page-header';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.book, path: '/book/' });

export default function BookPage() {
  return <PageHeader heading={pages.book.heading} intro={pages.book.intro} />;
}
