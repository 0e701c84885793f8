import { Scheduler } from '@/components/book/scheduler';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { pages, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { settings } from '@/lib/settings';

export const metadata = pageMetadata({ ...pages.book, path: '/book/' });

export default function BookPage() {
  return (
    <>
      <PageHeader heading={pages.book.heading} intro={pages.book.intro} />
      <Section>
        <Scheduler
          url={settings.schedulingUrl}
          scriptUrl={site.schedulingWidgetScript}
          heightPx={site.constants.schedulingWidgetHeightPx}
          minWidthPx={site.constants.schedulingWidgetMinWidthPx}
          fallbackAfterMs={site.constants.schedulingFallbackAfterMs}
        />
      </Section>
    </>
  );
}
