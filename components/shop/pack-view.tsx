import { Link } from '@/components/ui/link';
import { AppGuide } from './app-guide';
import { BuyBox } from './buy-box';
import { ProductTop } from './product-top';
import { Picture } from '@/components/media/picture';
import { CompareSlider } from './compare-slider';
import { PresetGallery } from './preset-gallery';
import { TryOn } from './try-on';
import { Reviews } from './reviews';
import { Section } from '@/components/ui/section';
import { JsonLd } from '@/components/ui/json-ld';
import { pages, shopCopy, site, type PackProduct } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { settings } from '@/lib/settings';
import { breadcrumbData, productData } from '@/lib/structured-data';
import { mediaImage, packLookUrl, viewerImage } from '@/lib/media';
import { presetPath, TRY_ON_ID } from '@/lib/routes';
import { shopReturnPolicy } from '@/lib/catalog';
import { pageReviews } from '@/lib/reviews';
import styles from './pack-view.module.css';
import button from '@/components/ui/button.module.css';

/**
 * A pack's page: its gallery and what it holds, its reviews, the app guide, its before/after pairs
 * and the try-on.
 */
export function PackView({ preset }: { preset: PackProduct }) {
  const path = presetPath(preset);
  const copy = shopCopy.pack;
  const tryOn = shopCopy.tryOn;
  const lookUrl = packLookUrl(preset.slug);
  const shown = pageReviews(preset.packs);
  return (
    <>
      <JsonLd
        data={productData(
          preset,
          site,
          settings.siteUrl,
          path,
          mediaImage(preset.image.src).fallback,
          shopReturnPolicy(),
          shown,
        )}
      />
      <JsonLd
        data={breadcrumbData(settings.siteUrl, [
          { name: 'Home', path: '/' },
          { name: pages.presets.heading, path: '/presets/' },
          { name: preset.name, path },
        ])}
      />
      <Section>
        <ProductTop
          eyebrow={copy.eyebrow}
          name={preset.name}
          buy={
            <BuyBox
              slug={preset.slug}
              priceCents={preset.priceCents}
              presetCount={preset.presetCount}
            >
              <Link className={button.outline} href="/presets/">
                {copy.shopLink}
              </Link>
            </BuyBox>
          }
          media={
            <PresetGallery
              images={[preset.image, ...preset.gallery].map(viewerImage)}
              thumbnailStepPx={site.constants.thumbnailScrollStepPx}
            />
          }
          about={
            <>
              <p className={styles.tagline}>{preset.tagline}</p>
              <p>{preset.description}</p>
              <h2 className={styles.subheading}>{copy.includedHeading}</h2>
              <ul className={styles.included}>
                {preset.whatsIncluded.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          }
        />
      </Section>
      {shown.reviews.length > 0 && (
        <Section label={shopCopy.reviews.heading}>
          <Reviews {...shown} item={preset.slug} />
        </Section>
      )}
      {/* The guide is a region of its own, named by its heading: the section around it is not. */}
      <Section>
        <AppGuide />
      </Section>
      <Section label={copy.comparisonsHeading}>
        <h2 className={styles.sectionHeading}>{copy.comparisonsHeading}</h2>
        <div className={styles.comparisons}>
          {preset.comparisons.map((pair) => (
            <CompareSlider
              key={pair.label}
              label={pair.label}
              before={<Picture image={pair.before} sizes="(min-width: 900px) 45vw, 100vw" fill />}
              after={<Picture image={pair.after} sizes="(min-width: 900px) 45vw, 100vw" fill />}
            />
          ))}
        </div>
      </Section>
      {lookUrl && (
        <Section label={tryOn.heading}>
          <h2 id={TRY_ON_ID} className={`${styles.sectionHeading} ${styles.anchor}`}>
            {tryOn.heading}
          </h2>
          <p className={styles.tryOnIntro}>{fillIn(tryOn.intro, { name: preset.name })}</p>
          <TryOn
            pack={{ slug: preset.slug, name: preset.name }}
            lookUrl={lookUrl}
            copy={tryOn}
            watermark={site.name}
          />
          <p className={styles.tryOnNote}>{tryOn.approximation}</p>
        </Section>
      )}
    </>
  );
}
