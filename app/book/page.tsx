import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { Scheduler } from '@/components/book/scheduler';
import { site } from '@/lib/content';
import { settings } from '@/lib/settings';

export const metadata = contentPageMetadata('book');

export default function BookPage() {
  return (
    <ContentPage name="book">
      <Scheduler
        url={settings.schedulingUrl}
        scriptUrl={site.schedulingWidgetScript}
        heightPx={site.constants.schedulingWidgetHeightPx}
        minWidthPx={site.constants.schedulingWidgetMinWidthPx}
        fallbackAfterMs={site.constants.schedulingFallbackAfterMs}
      />
    </ContentPage>
  );
}
