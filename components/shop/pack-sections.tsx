import { AppGuide } from './app-guide';
import { Picture } from '@/components/media/picture';
import { CompareSlider } from './compare-slider';
import { TryOn } from './try-on';
import { Section } from '@/components/ui/section';
import { shopCopy, site, type PackProduct } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { packLookUrl } from '@/lib/media';
import { TRY_ON_ID } from '@/lib/routes';
import styles from './product-view.module.css';

/** What a pack adds to its page: the app guide, its before/after pairs and the try-on. */
export function PackSections({ pack }: { pack: PackProduct }) {
  const copy = shopCopy.pack;
  const tryOn = shopCopy.tryOn;
  const lookUrl = packLookUrl(pack.slug);
  return (
    <>
      {/* The guide is a region of its own, named by its heading: the section around it is not. */}
      <Section>
        <AppGuide />
      </Section>
      <Section label={copy.comparisonsHeading}>
        <h2 className={styles.sectionHeading}>{copy.comparisonsHeading}</h2>
        <div className={styles.comparisons}>
          {pack.comparisons.map((pair) => (
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
          <p className={styles.tryOnIntro}>{fillIn(tryOn.intro, { name: pack.name })}</p>
          <TryOn
            pack={{ slug: pack.slug, name: pack.name }}
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
