import { Picture } from '@/components/media/picture';
import { ReviewForm } from '@/components/shop/review-form';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { pages, presets, shopCopy, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { settings } from '@/lib/settings';

export const metadata = pageMetadata({ ...pages.review, path: '/review/', index: false });

/**
 * Where a buyer reviews a pack, from the "Review <pack>" link of their order e-mail. Static: the
 * link's token is read in the browser, which asks the order service what it is for.
 */
export default function ReviewPage() {
  const pictures = Object.fromEntries(
    presets.map((preset) => [
      preset.slug,
      preset.image ? (
        <Picture image={preset.image} sizes="(min-width: 700px) 20rem, 6rem" decorative />
      ) : null,
    ]),
  );
  return (
    <>
      <PageHeader heading={pages.review.heading} intro={pages.review.intro} />
      <Section>
        <ReviewForm
          copy={shopCopy.reviewForm}
          apiBaseUrl={settings.apiBaseUrl}
          studioEmail={site.email}
          pictures={pictures}
        />
      </Section>
    </>
  );
}
