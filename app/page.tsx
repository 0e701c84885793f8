import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { pages, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = {
  ...pageMetadata({ ...pages.home, path: '/' }),
  title: { absolute: `${site.name} — ${pages.home.title}` },
};

export default function HomePage() {
  return (
    <>
      <PageHeader heading={pages.home.heading} eyebrow={site.tagline} intro={site.taglines} />
      <p style={{ textAlign: 'center' }}>
        <Link href="/lovenotes/">Read love notes from our couples</Link>
      </p>
    </>
  );
}
