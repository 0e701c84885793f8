import type { Image } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import styles from './picture.module.css';

type Props = {
  image: Image;
  /** How wide the image is drawn, as the `sizes` attribute says it: "(min-width: 900px) 33vw, 100vw". */
  sizes: string;
  /**
   * On the first screen: loaded at once with high priority, and drawn in the frame it arrives for
   * (not decoded asynchronously, which leaves the blurred preview up for one more frame).
   */
  priority?: boolean;
  /** Fill the parent box (which sets the shape) instead of keeping the photo's own shape. */
  fill?: boolean;
  /** The image only decorates text that says the same, so it gets an empty alt. */
  decorative?: boolean;
  className?: string;
};

/**
 * A photograph from media/, as responsive WebP variants with a JPEG fallback, its intrinsic size
 * (so nothing shifts while it loads) and a tiny blurred preview behind it.
 */
export function Picture({
  image,
  sizes,
  priority = false,
  fill = false,
  decorative = false,
  className,
}: Props) {
  const media = mediaImage(image.src);
  return (
    <picture className={`${styles.picture} ${fill ? styles.fill : ''} ${className ?? ''}`}>
      <source type="image/webp" srcSet={media.srcSet} sizes={sizes} />
      <img
        src={media.fallback}
        alt={decorative ? '' : image.alt}
        width={media.width}
        height={media.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        style={{ backgroundImage: `url(${media.blur})` }}
      />
    </picture>
  );
}
