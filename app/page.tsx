import { Link } from '@/components/ui/link';
import { GalleryStrip } from '@/components/home/gallery-strip';
import { Hero } from '@/components/home/hero';
import { ParallaxBanner } from '@/components/media/parallax-banner';
import { Picture } from '@/components/media/picture';
import { Section } from '@/components/ui/section';
import { home, pages, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import styles from './home.module.css';
import button from '@/components/ui/button.module.css';

export const metadata = {
  ...pageMetadata({ ...pages.home, path: '/', image: home.hero.poster }),
  title: { absolute: `${site.name} — ${pages.home.title}` },
};

export default function HomePage() {
  return (
    <>
      <Hero
        title={pages.home.heading}
        tagline={site.tagline}
        taglines={site.taglines}
        poster={home.hero.poster}
        videos={home.hero.videos}
      />
      <Section label={home.intro.heading}>
        <div className={styles.intro}>
          <h2>{home.intro.heading}</h2>
          {home.intro.text.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Link className={`${button.outline} ${styles.action}`} href={home.intro.link.href}>
            {home.intro.link.label}
          </Link>
        </div>
      </Section>
      <Section label="Selected photographs">
        <ul className={styles.grid}>
          {home.grid.map((image) => (
            <li key={image.src}>
              <Picture image={image} sizes="(min-width: 900px) 33vw, 50vw" fill />
            </li>
          ))}
        </ul>
      </Section>
      <Section label={home.promo.heading}>
        <div className={styles.promo}>
          <Picture
            image={home.promo.image}
            sizes="(min-width: 900px) 50vw, 100vw"
            className={styles.promoImage}
          />
          <div>
            <h2>{home.promo.heading}</h2>
            <p>{home.promo.text}</p>
            <Link className={`${button.outline} ${styles.action}`} href={home.promo.link.href}>
              {home.promo.link.label}
            </Link>
          </div>
        </div>
      </Section>
      <section className={styles.strip} aria-labelledby="strip-heading">
        <h2 id="strip-heading" className={styles.stripHeading}>
          {home.strip.heading}
        </h2>
        <GalleryStrip intervalMs={site.constants.galleryRotationMs} label={home.strip.heading}>
          {home.strip.images.map((image) => (
            <Picture key={image.src} image={image} sizes="(min-width: 900px) 22rem, 60vw" fill />
          ))}
        </GalleryStrip>
      </section>
      <ParallaxBanner
        image={home.banner.image}
        strength={site.constants.parallaxStrength}
        heightPx={site.constants.parallaxBannerHeightPx}
      >
        <h2 className={styles.bannerHeading}>{home.banner.heading}</h2>
        <Link className={`${button.outline} ${styles.action}`} href={home.banner.link.href}>
          {home.banner.link.label}
        </Link>
      </ParallaxBanner>
    </>
  );
}
