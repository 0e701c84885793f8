import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import type { JSX } from 'react';
import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import { QuickView } from '@/components/shop/quick-view';
import { ShopFilter } from '@/components/shop/shop-filter';
import {
  TileBody,
  tileClassName,
  tileGridClassName,
  tileItemClassName,
} from '@/components/ui/tiles';
import {
  ALL_CATEGORY,
  categorySchema,
  heldPacks,
  presets,
  products,
  shopCopy,
  site,
  terms,
  type Product,
} from '@/lib/content';
import { AddToCartButton } from '@/components/cart/cart-panel';
import { fillIn } from '@/lib/shared/copy';
import { packLookUrl } from '@/lib/media';
import { withRating } from '@/lib/reviews';
import { formatPrice } from '@/lib/shared/money';
import { PriceTaxNote } from '@/components/shop/price-tax-note';
import { productPath, TRY_ON_ID } from '@/lib/routes';
import styles from './presets.module.css';
import button from '@/components/ui/button.module.css';

export const metadata = contentPageMetadata('presets', {
  image: presets[0]?.image,
});

/**
 * A product's tile in the shop, whatever its kind: one that delivers itself opens its quick view;
 * one that holds others links to its page, saying what it saves.
 */
function productTile(product: Product, index: number): JSX.Element {
  const price = formatPrice(product.priceCents, site.currency);
  const path = productPath(product);
  if (heldPacks(product).length > 0) {
    return (
      <Link className={tileClassName} href={path}>
        <TileBody
          image={product.image}
          title={product.name}
          detail={
            <>
              {price} ·{' '}
              {fillIn(shopCopy.cart.save, {
                amount: formatPrice(product.savingCents, site.currency),
              })}
              <PriceTaxNote separated />
            </>
          }
          decorative
        />
      </Link>
    );
  }
  return (
    <QuickView
      label={product.name}
      triggerClassName={tileClassName}
      trigger={
        <TileBody
          image={product.image}
          title={product.name}
          detail={
            <>
              {withRating(price, [product])}
              <PriceTaxNote separated />
            </>
          }
          decorative
          priority={index === 0}
        />
      }
    >
      <Picture
        image={product.image}
        sizes="(min-width: 600px) 20rem, 100vw"
        className={styles.quickImage}
      />
      <div>
        <h2 className={styles.quickTitle}>{product.name}</h2>
        <p className={styles.quickPrice}>
          {price}
          <PriceTaxNote separated className={styles.quickTax} />
        </p>
        <p>{product.description}</p>
        <div className={styles.quickActions}>
          <AddToCartButton slug={product.slug} />
          <Link className={button.outline} href={path}>
            View Full Item
          </Link>
        </div>
        <p className={styles.quickTerms}>
          {fillIn(terms.atButton.refund, { days: terms.refundDays })}{' '}
          <Link href="/terms/">{terms.atButton.termsLink}</Link>
        </p>
        {packLookUrl(product.slug) && (
          <Link className={styles.tryOnLink} href={`${path}#${TRY_ON_ID}`}>
            {shopCopy.tryOn.quickViewLink}
          </Link>
        )}
      </div>
    </QuickView>
  );
}

export default function PresetsPage() {
  const items = products.map((product, index) => ({
    key: product.slug,
    categories: product.categories,
    node: productTile(product, index),
  }));
  return (
    <ContentPage name="presets">
      <ShopFilter
        all={ALL_CATEGORY}
        categories={categorySchema.options}
        items={items}
        gridClassName={tileGridClassName}
        itemClassName={tileItemClassName}
        words={shopCopy.filter}
      />
    </ContentPage>
  );
}
