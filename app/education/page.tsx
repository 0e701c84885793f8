import { PageHeader } from '@/components/ui/page-header';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.education, path: '/education/' });

export default function EducationPage() {
  return <PageHeader heading={pages.education.heading} intro={pages.education.intro} />;
}
