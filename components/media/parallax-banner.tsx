import type { CSSProperties, ReactNode } from 'react';
import type { Image } from '@/lib/content';
import { Picture } from './picture';
import styles from './parallax-banner.module.css';

type Props = {
  image: Image;
  /** How far the photo travels against the page, in px, over the banner's pass through the view. */
  strength: number;
  heightPx: number;
  children?: ReactNode;
  /** The banner opens the page (see Picture). */
  priority?: boolean;
};

/**
 * A band whose photo drifts slower than the page. Done with a scroll-driven CSS animation on the
 * compositor, never a scroll handler; browsers without it, and visitors who prefer reduced
 * motion, see a still photo.
 */
export function ParallaxBanner({ image, strength, heightPx, children, priority }: Props) {
  const style = { '--strength': `${strength}px`, '--height': `${heightPx}px` } as CSSProperties;
  return (
    <section className={styles.banner} style={style} aria-label={children ? undefined : image.alt}>
      <div className={styles.layer}>
        <Picture
          image={image}
          sizes="100vw"
          priority={priority}
          fill
          decorative={Boolean(children)}
        />
      </div>
      {children && <div className={styles.content}>{children}</div>}
    </section>
  );
}
