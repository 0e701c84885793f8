import type { TileSize } from '@/lib/content';

/** Gives each image the size at its position in the list; images beyond the list get none. */
export function sizedTiles<T>(images: readonly T[], sizes: readonly TileSize[]) {
  return images.map((image, index) => ({ image, size: sizes[index] ?? null }));
}

/** The id of the viewer dialog of the gallery's photo at `index` (from 0). */
export const photoId = (index: number, prefix = 'photo') => `${prefix}-${index + 1}`;
