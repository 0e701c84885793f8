import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { Picture } from '@/components/media/picture';
import { ReviewForm } from '@/components/shop/review-form';
import { products, shopCopy, site } from '@/lib/content';
import { settings } from '@/lib/settings';

export const metadata = contentPageMetadata('review');

/**
 * Where a buyer reviews a product, from the "Review <pack>" link of their order e-mail. Static: the
 * link's token is read in the browser, which asks the order service what it is for.
 */
export default function ReviewPage() {
  // A picture of whatever was reviewed: a product of any kind the shop sells.
  const pictures = Object.fromEntries(
    products.map((product) => [
      product.slug,
      <Picture
        key={product.slug}
        image={product.image}
        sizes="(min-width: 700px) 20rem, 6rem"
        decorative
      />,
    ]),
  );
  return (
    <ContentPage name="review">
      <ReviewForm
        copy={shopCopy.reviewForm}
        apiBaseUrl={settings.apiBaseUrl}
        studioEmail={site.email}
        pictures={pictures}
      />
    </ContentPage>
  );
}
