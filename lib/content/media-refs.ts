import { contentModules } from '@/lib/content';
import { entryLabel, fieldPath } from './parse';

/** One file of media/ that the content points at, and where it does so. */
export type MediaRef = {
  src: string;
  alt?: string;
  /** "content/galleries.ts, entry "Aarav & Meera" (#1), field "images[3].src"" */
  where: string;
};

const mediaFile = /\.(jpe?g|png|webp|avif|mp3|m4a|ogg|opus|mp4|webm)$/;

/** Every media file the content references, in content order. */
export function mediaRefs(): MediaRef[] {
  const refs: MediaRef[] = [];
  const walk = (value: unknown, file: string, entry: string, path: PropertyKey[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, file, entry, [...path, i]));
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.src === 'string' && mediaFile.test(record.src)) {
        refs.push({
          src: record.src,
          alt: typeof record.alt === 'string' ? record.alt : undefined,
          where: `${file}, ${entry}, field "${fieldPath([...path, 'src'])}"`,
        });
      }
      for (const [key, child] of Object.entries(record)) walk(child, file, entry, [...path, key]);
    }
  };
  for (const [file, data] of contentModules) {
    if (Array.isArray(data))
      data.forEach((entry, i) => walk(entry, file, entryLabel(entry, i), []));
    else walk(data, file, 'the module', []);
  }
  return refs;
}
