import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import { PresetTiles } from './preset-tiles';
import { BuyBox } from './buy-box';
import { ProductTop } from './product-top';
import { Section } from '@/components/ui/section';
import { JsonLd } from '@/components/ui/json-ld';
import { shopCopy, site, type BundleProduct } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { mediaImage } from '@/lib/media';
import { productPath } from '@/lib/routes';
import { shopReturnPolicy } from '@/lib/catalog';
import { settings } from '@/lib/settings';
import { productData } from '@/lib/structured-data';
import { pageReviews } from '@/lib/reviews';
import { Reviews } from './reviews';
import button from '@/components/ui/button.module.css';

/** A bundle's page: sold at its own price as one item, with its packs below. */
export function BundleView({ bundle }: { bundle: BundleProduct }) {
  const shown = pageReviews(bundle.packs);
  return (
    <>
      <JsonLd
        data={productData(
          bundle,
          site,
          settings.siteUrl,
          productPath(bundle),
          mediaImage(bundle.image.src).fallback,
          shopReturnPolicy(),
          shown,
        )}
      />
      <Section>
        <ProductTop
          eyebrow={fillIn(shopCopy.bundle.tileLabel, { count: bundle.packs.length })}
          name={bundle.name}
          buy={
            <BuyBox
              slug={bundle.slug}
              priceCents={bundle.priceCents}
              savesCents={bundle.savingCents}
              presetCount={bundle.packs.reduce((sum, preset) => sum + preset.presetCount, 0)}
            >
              <Link className={button.outline} href="/presets/">
                {shopCopy.pack.shopLink}
              </Link>
            </BuyBox>
          }
          media={<Picture image={bundle.image} sizes="(min-width: 800px) 45vw, 100vw" priority />}
          about={<p>{bundle.description}</p>}
        />
      </Section>
      <Section label={shopCopy.bundle.membersLabel}>
        <PresetTiles presets={bundle.packs} label={shopCopy.bundle.membersLabel} />
      </Section>
      {shown.reviews.length > 0 && (
        <Section label={shopCopy.reviews.heading}>
          <Reviews {...shown} item={bundle.slug} />
        </Section>
      )}
    </>
  );
}
