import { Link } from '@/components/ui/link';
import { ParallaxBanner } from '@/components/media/parallax-banner';
import { Picture } from '@/components/media/picture';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { about, pages, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import styles from './about.module.css';
import button from '@/components/ui/button.module.css';

export const metadata = pageMetadata({
  ...pages.about,
  path: '/about/',
  image: about.banner.image,
});

export default function AboutPage() {
  return (
    <>
      <ParallaxBanner
        image={about.banner.image}
        strength={site.constants.parallaxStrength}
        heightPx={site.constants.parallaxBannerHeightPx}
        priority
      >
        <p className={styles.bannerHeading}>{about.banner.heading}</p>
        <Link className={`${button.primary} ${styles.action}`} href={about.banner.link.href}>
          {about.banner.link.label}
        </Link>
      </ParallaxBanner>
      <PageHeader heading={pages.about.heading} intro={pages.about.intro} />
      <Section label="Our story">
        <div className={styles.story}>
          {about.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ul className={styles.images}>
          {about.images.map((image) => (
            <li key={image.src}>
              <Picture image={image} sizes="(min-width: 700px) 33vw, 100vw" fill />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
