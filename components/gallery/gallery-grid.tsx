import { Picture } from '@/components/media/picture';
import { ViewerImg } from '@/components/media/viewer-img';
import type { Image, TileSize } from '@/lib/content';
import { photoId, sizedTiles } from '@/lib/gallery';
import { viewerImage } from '@/lib/media';
import styles from './gallery-grid.module.css';
import viewer from './lightbox.module.css';
import button from '@/components/ui/button.module.css';
import { Lightbox } from './lightbox';

const sizesAttr: Record<TileSize | 'none', string> = {
  large: '(min-width: 900px) 50vw, 100vw',
  medium: '(min-width: 900px) 50vw, 100vw',
  small: '(min-width: 900px) 25vw, 50vw',
  none: '(min-width: 900px) 25vw, 50vw',
};

/**
 * The gallery's photos in a grid whose tiles take the gallery's size pattern. Each tile opens its
 * photo large in a modal `<dialog>` of its own, by the browser itself (`command`): the viewers
 * work from the first paint and without JavaScript, and a viewer's picture is fetched only when it
 * opens (a lazy image in a closed dialog is never laid out). Lightbox adds the steps between them.
 */
export function GalleryGrid({
  images,
  sizes,
  title,
  idPrefix,
  onFirstScreen = true,
}: {
  /** A caption is shown under the photo in its viewer, in place of its alt text. */
  images: (Image & { caption?: string })[];
  sizes: TileSize[];
  title: string;
  /** The viewers' ids' start ("photo": #photo-1), distinct for each gallery of a page. */
  idPrefix?: string;
  /** Whether the first photo is on the first screen (preloaded, not lazy): a gallery page's is. */
  onFirstScreen?: boolean;
}) {
  return (
    <Lightbox count={images.length}>
      <ul className={styles.grid} aria-label={`Photographs: ${title}`}>
        {sizedTiles(images, sizes).map(({ image, size }, index) => (
          <li key={image.src} className={styles.tile} data-size={size ?? undefined}>
            <button
              type="button"
              className={styles.open}
              command="show-modal"
              commandfor={photoId(index, idPrefix)}
              aria-label={`Open photo ${index + 1}: ${image.alt}`}
            >
              <Picture
                image={image}
                sizes={sizesAttr[size ?? 'none']}
                fill
                priority={onFirstScreen && index === 0}
                decorative
              />
            </button>
          </li>
        ))}
      </ul>
      {images.map(viewerImage).map((image, index) => (
        <dialog
          key={image.src}
          id={photoId(index, idPrefix)}
          data-index={index}
          className={viewer.dialog}
          aria-label="Photo viewer"
          closedby="any"
        >
          <figure className={viewer.figure}>
            <ViewerImg className={viewer.image} image={image} sizes="100vw" loading="lazy" />
            <figcaption className={viewer.caption}>
              {images[index]!.caption ?? image.alt}{' '}
              <span className={viewer.count}>
                ({index + 1} of {images.length})
              </span>
            </figcaption>
          </figure>
          <button
            type="button"
            className={`${button.icon} ${viewer.previous}`}
            data-step={-1}
            aria-label="Previous photo"
          >
            ‹
          </button>
          <button
            type="button"
            className={`${button.icon} ${viewer.next}`}
            data-step={1}
            aria-label="Next photo"
          >
            ›
          </button>
          <button
            type="button"
            className={`${button.icon} ${viewer.close}`}
            command="close"
            commandfor={photoId(index, idPrefix)}
            aria-label="Close photo viewer"
            autoFocus
          >
            ×
          </button>
        </dialog>
      ))}
    </Lightbox>
  );
}
