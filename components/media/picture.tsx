import type { CSSProperties } from 'react';
import type { Image } from '@/lib/content';
import { MAIN_PICTURE } from '@/lib/browser/first-paint';
import { mediaImage } from '@/lib/media';
import { preloadMainPicture } from './preload';
import styles from './picture.module.css';

type Props = {
  image: Image;
  /** How wide the image is drawn, as the `sizes` attribute says it: "(min-width: 900px) 33vw, 100vw". */
  sizes: string;
  /**
   * The largest picture of the first screen: loaded at once with high priority, and drawn in the
   * frame it arrives for (not decoded asynchronously, which leaves the preview up for one more
   * frame); the page's other work waits for its paint (lib/browser/first-paint.ts). Every other picture
   * loads when it nears the viewport, at low priority even on the first screen (where Chrome
   * would raise it), so that it does not compete with this one, and only once the first screen is
   * painted (picture.module.css). It is also preloaded from the top of <head>, so that a phone
   * asks for it before the page's scripts (components/media/preload.ts).
   */
  priority?: boolean;
  /** Fill the parent box (which sets the shape) instead of keeping the photo's own shape. */
  fill?: boolean;
  /** The image only decorates text that says the same, so it gets an empty alt. */
  decorative?: boolean;
  className?: string;
};

/**
 * A photograph from media/, as responsive AVIF and WebP variants with a JPEG fallback, its
 * intrinsic size (so nothing shifts while it loads) and a soft preview of its colours behind it.
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
  if (priority) preloadMainPicture(media.fallback, media.avifSrcSet, sizes);
  return (
    <picture
      className={`${styles.picture} ${fill ? styles.fill : ''} ${className ?? ''}`}
      style={{
        ...previewColours(media.preview),
        // The box keeps the photo's shape while the photo waits for the first screen to be painted.
        ...(fill ? {} : { aspectRatio: `${media.width} / ${media.height}` }),
      }}
    >
      {media.avifSrcSet && <source type="image/avif" srcSet={media.avifSrcSet} sizes={sizes} />}
      <source type="image/webp" srcSet={media.srcSet} sizes={sizes} />
      <img
        src={media.fallback}
        alt={decorative ? '' : image.alt}
        width={media.width}
        height={media.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'low'}
        decoding={priority ? undefined : 'async'}
        {...(priority ? { elementtiming: MAIN_PICTURE } : {})}
      />
    </picture>
  );
}

/** The preview's colours as the custom properties --p0, --p1, … that picture.module.css paints. */
function previewColours(colours: string[]): CSSProperties {
  return Object.fromEntries(colours.map((colour, index) => [`--p${index}`, colour]));
}
