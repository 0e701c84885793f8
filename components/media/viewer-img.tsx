import type { ComponentProps } from 'react';
import { MAIN_PICTURE } from '@/lib/browser/first-paint';
import type { ViewerImage } from '@/lib/media';
import { preloadMainPicture } from './preload';
import styles from './viewer-img.module.css';

type Props = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  image: ViewerImage;
  /** How wide the image is drawn, as the `sizes` attribute says it. */
  sizes: string;
  /** The page's main picture: preloaded from the top of <head>, with high priority. */
  priority?: boolean;
};

/**
 * A viewer's photo (a lightbox's, a preset's gallery's): the AVIF variants where the browser reads
 * them, else the WebP ones. Its <picture> takes no box of its own (viewer-img.module.css), so the
 * <img> is laid out and styled as if it stood alone.
 */
export function ViewerImg({ image, sizes, priority = false, alt = image.alt, ...img }: Props) {
  if (priority) preloadMainPicture(image.src, image.avifSrcSet, sizes);
  return (
    <picture className={styles.picture}>
      {image.avifSrcSet && <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />}
      <img
        srcSet={image.srcSet}
        sizes={sizes}
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        {...(priority ? { fetchPriority: 'high', elementtiming: MAIN_PICTURE } : {})}
        {...img}
      />
    </picture>
  );
}
