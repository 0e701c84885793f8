// The media step's manifest, imported like the content (lib/media-manifest.d.ts types it, so that the
// type check needs no media step first; the build runs that step before `next build`).
import manifest from '@/.cache/media/manifest.json' with { type: 'json' };
import { lookPath } from '@/lib/shared/hald';

/** What the media step (scripts/media/build.ts) wrote for one file of media/. */
export type MediaEntry =
  | {
      kind: 'image';
      width: number;
      height: number;
      /**
       * The average colours ("#rrggbb") of three bands of the photo, top to bottom: Picture draws
       * them as a gradient while the image loads.
       */
      preview: string[];
      /** WebP variants: "url 240w, url 480w, ..." */
      srcSet: string;
      /**
       * AVIF variants of the same widths, a third smaller, for the browsers that read AVIF; empty
       * for a draft (`MEDIA_DRAFT=1`, what `npm start` builds before the cache is full).
       */
      avifSrcSet: string;
      /** A JPEG for browsers without AVIF or WebP, and for social cards. */
      fallback: string;
      /** Painted by the build rather than a real photograph. */
      placeholder: boolean;
      /** A journal cover's JPEG crops, 1200 px wide, by aspect ratio (structured data's images). */
      crops?: Record<'16x9' | '4x3' | '1x1', string>;
    }
  | { kind: 'file'; url: string };

export type MediaManifest = Record<string, MediaEntry>;

/** The published variants of an image of media/, such as "galleries/wed1/01.jpg". */
export function mediaImage(src: string) {
  const entry = manifest[src];
  if (entry?.kind !== 'image') throw new Error(`media/${src} was not prepared by the media step`);
  return entry;
}

/** The published URL of a video or audio file of media/. */
export function mediaFileUrl(src: string): string {
  const entry = manifest[src];
  if (entry?.kind !== 'file') throw new Error(`media/${src} was not prepared by the media step`);
  return entry.url;
}

/** What a client-side viewer needs to show an image of media/ at any size. */
export type ViewerImage = {
  avifSrcSet: string;
  srcSet: string;
  src: string;
  alt: string;
  width: number;
  height: number;
};

export function viewerImage(image: { src: string; alt: string }): ViewerImage {
  const media = mediaImage(image.src);
  return {
    avifSrcSet: media.avifSrcSet,
    srcSet: media.srcSet,
    src: media.fallback,
    alt: image.alt,
    width: media.width,
    height: media.height,
  };
}

/** The JPEG variant of an image for social cards (JPEG is what every network reads). */
export function shareImage(image: { src: string; alt: string }) {
  const media = mediaImage(image.src);
  const width = Number(media.fallback.match(/-(\d+)\.jpg$/)?.[1] ?? media.width);
  return {
    url: media.fallback,
    width,
    height: Math.round((width * media.height) / media.width),
    alt: image.alt,
  };
}

/** The published URL of a pack's look, if it has one (the try-on needs it). */
export function packLookUrl(slug: string): string | undefined {
  const entry = manifest[lookPath(slug)];
  return entry?.kind === 'file' ? entry.url : undefined;
}
