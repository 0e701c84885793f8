import { Picture } from '@/components/media/picture';
import type { Image, TileSize } from '@/lib/content';
import { sizedTiles } from '@/lib/gallery';
import { viewerImage } from '@/lib/media';
import styles from './gallery-grid.module.css';
import { Lightbox } from './lightbox';

const sizesAttr: Record<TileSize | 'none', string> = {
  large: '(min-width: 900px) 50vw, 100vw',
  medium: '(min-width: 900px) 50vw, 100vw',
  small: '(min-width: 900px) 25vw, 50vw',
  none: '(min-width: 900px) 25vw, 50vw',
};

/** The gallery's photos in a grid whose tiles take the gallery's size pattern; each opens large. */
export function GalleryGrid({
  images,
  sizes,
  title,
}: {
  images: Image[];
  sizes: TileSize[];
  title: string;
}) {
  return (
    <Lightbox images={images.map(viewerImage)}>
      <ul className={styles.grid} aria-label={`Photographs: ${title}`}>
        {sizedTiles(images, sizes).map(({ image, size }, index) => (
          <li key={image.src} className={styles.tile} data-size={size ?? undefined}>
            <button
              type="button"
              className={styles.open}
              data-lightbox-index={index}
              aria-label={`Open photo ${index + 1}: ${image.alt}`}
            >
              <Picture
                image={image}
                sizes={sizesAttr[size ?? 'none']}
                fill
                priority={index === 0}
                decorative
              />
            </button>
          </li>
        ))}
      </ul>
    </Lightbox>
  );
}
