import { content } from '@/lib/content';
import { journal } from '@/lib/journal/posts';
import { contentFiles, type ContentFileName } from './files';
import { describeField } from './parse';

/** One file of media/ that the content points at, and where it does so. */
export type MediaRef = {
  src: string;
  alt?: string;
  /** "content/galleries.json, galleries, entry "Aarav & Meera" (#1), field "images[3].src"" */
  where: string;
  /**
   * Also wanted cropped to 16:9, 4:3 and 1:1, each at least 1200 px wide (a journal post's cover:
   * search engines pick the crop that fits where they show it).
   */
  crops?: boolean;
};

const mediaFile = /\.(jpe?g|png|webp|avif|mp3|m4a|ogg|opus|mp4|webm)$/;

/** Every media file the content references, in content order. */
export function mediaRefs(): MediaRef[] {
  const refs: MediaRef[] = [];
  const files = [
    ...Object.entries(content).map(([name, data]) => ({
      file: contentFiles[name as ContentFileName].file,
      data,
    })),
    ...journal().map((post) => ({ file: post.file, data: post.raw })),
  ];
  for (const { file, data } of files) {
    const walk = (value: unknown, path: PropertyKey[]) => {
      if (Array.isArray(value)) {
        value.forEach((item, i) => walk(item, [...path, i]));
      } else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record.src === 'string' && mediaFile.test(record.src)) {
          refs.push({
            src: record.src,
            alt: typeof record.alt === 'string' ? record.alt : undefined,
            where: `${file}, ${describeField(data, [...path, 'src'])}`,
            ...(file.startsWith('content/journal/') &&
              path.join('.') === 'cover' && { crops: true }),
          });
        }
        for (const [key, child] of Object.entries(record)) walk(child, [...path, key]);
      }
    };
    walk(data, []);
  }
  return refs;
}
