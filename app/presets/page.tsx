import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import { QuickView } from '@/components/shop/quick-view';
import { ShopFilter } from '@/components/shop/shop-filter';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import {
  TileBody,
  tileClassName,
  tileGridClassName,
  tileItemClassName,
} from '@/components/ui/tiles';
import {
  ALL_CATEGORY,
  bundleSavingCents,
  bundles,
  categorySchema,
  pages,
  presets,
  shopCopy,
  site,
  terms,
} from '@/lib/content';
import { AddToCartButton } from '@/components/cart/cart-panel';
import { fillIn } from '@/lib/shared/copy';
import { packLookUrl } from '@/lib/media';
import { pageMetadata } from '@/lib/metadata';
import { withRating } from '@/lib/reviews';
import { formatPrice } from '@/lib/shared/money';
import { bundlePath, presetPath, TRY_ON_ID } from '@/lib/routes';
import styles from './presets.module.css';
import button from '@/components/ui/button.module.css';

export const metadata = pageMetadata({
  ...pages.presets,
  path: '/presets/',
  image: presets[0]?.image,
});

export default function PresetsPage() {
  const items = [
    ...presets.map((preset, index) => {
      const price = formatPrice(preset.priceCents, site.currency);
      return {
        key: preset.slug,
        categories: preset.categories,
        node: (
          <QuickView
            label={preset.name}
            triggerClassName={tileClassName}
            trigger={
              <TileBody
                image={preset.image}
                title={preset.name}
                detail={withRating(price, [preset])}
                decorative
                priority={index === 0}
              />
            }
          >
            <Picture
              image={preset.image}
              sizes="(min-width: 600px) 20rem, 100vw"
              className={styles.quickImage}
            />
            <div>
              <h2 className={styles.quickTitle}>{preset.name}</h2>
              <p className={styles.quickPrice}>{price}</p>
              <p>{preset.description}</p>
              <div className={styles.quickActions}>
                <AddToCartButton slug={preset.slug} />
                <Link className={button.outline} href={presetPath(preset)}>
                  View Full Item
                </Link>
              </div>
              <p className={styles.quickTerms}>
                {fillIn(terms.atButton.refund, { days: terms.refundDays })}{' '}
                <Link href="/terms/">{terms.atButton.termsLink}</Link>
              </p>
              {packLookUrl(preset.slug) && (
                <Link className={styles.tryOnLink} href={`${presetPath(preset)}#${TRY_ON_ID}`}>
                  {shopCopy.tryOn.quickViewLink}
                </Link>
              )}
            </div>
          </QuickView>
        ),
      };
    }),
    ...bundles.map((bundle) => ({
      key: bundle.slug,
      categories: bundle.categories,
      node: (
        <Link className={tileClassName} href={bundlePath(bundle)}>
          <TileBody
            image={bundle.image}
            title={bundle.name}
            detail={`${formatPrice(bundle.priceCents, site.currency)} · ${fillIn(
              shopCopy.cart.save,
              {
                amount: formatPrice(bundleSavingCents(bundle), site.currency),
              },
            )}`}
            decorative
          />
        </Link>
      ),
    })),
  ];
  return (
    <>
      <PageHeader heading={pages.presets.heading} intro={pages.presets.intro} />
      <Section>
        <ShopFilter
          all={ALL_CATEGORY}
          categories={categorySchema.options}
          items={items}
          gridClassName={tileGridClassName}
          itemClassName={tileItemClassName}
        />
      </Section>
    </>
  );
}
