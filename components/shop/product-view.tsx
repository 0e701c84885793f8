import type { JSX } from 'react';
import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import { Section } from '@/components/ui/section';
import { JsonLd } from '@/components/ui/json-ld';
import { pages, shopCopy, site, type Product, type ProductKind } from '@/lib/content';
import { settings } from '@/lib/settings';
import { breadcrumbData, productData } from '@/lib/structured-data';
import { mediaImage, viewerImage } from '@/lib/media';
import { productPath } from '@/lib/routes';
import { shopReturnPolicy } from '@/lib/catalog';
import { pageReviews } from '@/lib/reviews';
import { BuyBox } from './buy-box';
import { BundleMembers } from './bundle-members';
import { PackSections } from './pack-sections';
import { PresetGallery } from './preset-gallery';
import { ProductTop } from './product-top';
import { Reviews } from './reviews';
import styles from './product-view.module.css';
import button from '@/components/ui/button.module.css';

/** What a kind adds to its products' pages, below the top; a kind without an entry adds nothing. */
const kindSections: {
  [Kind in ProductKind]?: (product: Extract<Product, { kind: Kind }>) => JSX.Element;
} = {
  pack: (pack) => <PackSections pack={pack} />,
  bundle: (bundle) => <BundleMembers bundle={bundle} />,
};

/**
 * A product's page, whatever its kind: its markup, its name, the buy box (price, Add to Cart, what
 * it delivers and the terms), its pictures and what it holds, its kind's section, and the reviews
 * of what it delivers.
 */
export function ProductView({ product }: { product: Product }) {
  const path = productPath(product);
  const shown = pageReviews(product.packs);
  // The entry of the product's own kind (a union's members cannot be matched to it by the type).
  const section = kindSections[product.kind] as ((product: Product) => JSX.Element) | undefined;
  return (
    <>
      <JsonLd
        data={productData(
          product,
          site,
          settings.siteUrl,
          path,
          mediaImage(product.image.src).fallback,
          shopReturnPolicy(),
          shown,
        )}
      />
      <JsonLd
        data={breadcrumbData(settings.siteUrl, [
          { name: 'Home', path: '/' },
          { name: pages.presets.heading, path: '/presets/' },
          { name: product.name, path },
        ])}
      />
      <Section>
        <ProductTop
          eyebrow={product.eyebrow}
          name={product.name}
          buy={
            <BuyBox product={product}>
              <Link className={button.outline} href="/presets/">
                {shopCopy.pack.shopLink}
              </Link>
            </BuyBox>
          }
          media={
            product.gallery.length > 0 ? (
              <PresetGallery
                images={[product.image, ...product.gallery].map(viewerImage)}
                thumbnailStepPx={site.constants.thumbnailScrollStepPx}
              />
            ) : (
              <Picture image={product.image} sizes="(min-width: 800px) 45vw, 100vw" priority />
            )
          }
          about={
            <>
              {product.tagline && <p className={styles.tagline}>{product.tagline}</p>}
              <p>{product.description}</p>
              {product.included.length > 0 && (
                <>
                  <h2 className={styles.subheading}>{shopCopy.pack.includedHeading}</h2>
                  <ul className={styles.included}>
                    {product.included.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          }
        />
      </Section>
      {section?.(product)}
      {shown.reviews.length > 0 && (
        <Section label={shopCopy.reviews.heading}>
          <Reviews {...shown} item={product.slug} />
        </Section>
      )}
    </>
  );
}
