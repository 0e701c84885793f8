// Where each file the content references comes from: a real file in media/, a painted
// placeholder, or a placeholder's photo with a pack's look applied; and where each pack's look
// comes from. Each gets a key that changes whenever its pixels would, which names its cached and
// published files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MediaRef } from '@/lib/content/media-refs';
import { lookPath } from '@/lib/shared/hald';
import { GRAIN } from './paint';
import { placeholders, type Placeholder } from './placeholders';
import { tones, type Tone } from './tones';

/** Bump to repaint and re-encode everything. */
const PIPELINE_VERSION = 3;

/**
 * Every look is published at level 6 (216 × 216 px, 36 steps a channel, more than the 33 of the
 * usual .cube tables): 18 KB as PNG where level 8 takes 88 KB, and the tones of tones.ts are followed
 * within 4/255 at worst (0.4 on average; level 8: 3 and 0.3). A studio's HALD of another level
 * is resampled to it.
 */
export const HALD_LEVEL = 6;

/**
 * A pack's look, as a HALD lookup table: the studio's own (the preset applied in Lightroom to the
 * identity HALD, saved as media/presets/<slug>/hald.png, or hald.tif as Lightroom exports it), or
 * else made from its tone in tones.ts.
 */
export type Look =
  { kind: 'file'; file: string; key: string } | { kind: 'tone'; tone: Tone; key: string };

export type Source =
  | { kind: 'file'; file: string; key: string }
  | {
      kind: 'paint';
      src: string;
      alt: string;
      spec: Extract<Placeholder, { kind: 'paint' }>;
      key: string;
    }
  | { kind: 'look'; from: Source; look: Look; key: string };

const hash = (...parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

const fileHash = (file: string) =>
  createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

class MissingMedia extends Error {}

/** The look of a pack, if the studio saved one or tones.ts has its tone. */
export function resolveLook(slug: string, mediaDir: string): Look | undefined {
  const file = [lookPath(slug), lookPath(slug).replace(/\.png$/, '.tif')]
    .map((name) => path.join(mediaDir, name))
    .find((name) => existsSync(name));
  if (file) return { kind: 'file', file, key: hash(HALD_LEVEL, fileHash(file)) };
  const tone = tones[slug];
  return tone && { kind: 'tone', tone, key: hash(PIPELINE_VERSION, HALD_LEVEL, tone) };
}

/**
 * Resolves every referenced file. A file that is neither in mediaDir nor a listed placeholder is
 * a problem, reported with the content file, entry and field that names it.
 */
export function resolveSources(refs: MediaRef[], mediaDir: string) {
  const altText = new Map<string, string>();
  for (const ref of refs) if (ref.alt && !altText.has(ref.src)) altText.set(ref.src, ref.alt);

  const resolve = (src: string, where: string): Source => {
    const file = path.join(mediaDir, src);
    if (existsSync(file)) return { kind: 'file', file, key: fileHash(file) };
    const placeholder = placeholders.get(src);
    if (!placeholder) {
      throw new MissingMedia(
        `${where}: media/${src} does not exist (add the file to media/ or correct the path)`,
      );
    }
    if (placeholder.kind === 'paint') {
      // A placeholder shows what its alt text describes, whoever asks for it.
      const scene = altText.get(src) ?? placeholder.hint ?? src;
      return {
        kind: 'paint',
        src,
        alt: scene,
        spec: placeholder,
        key: hash(PIPELINE_VERSION, src, scene, placeholder, GRAIN),
      };
    }
    const look = resolveLook(placeholder.pack, mediaDir);
    if (!look) {
      throw new MissingMedia(
        `${where}: the pack "${placeholder.pack}" has no look (add media/${lookPath(placeholder.pack)}, ` +
          'or its tone in scripts/media/tones.ts)',
      );
    }
    const from = resolve(placeholder.from, `${where} (the photo it is made from)`);
    return { kind: 'look', from, look, key: hash(PIPELINE_VERSION, look.key, from.key) };
  };

  const sources = new Map<string, Source>();
  const problems: string[] = [];
  for (const ref of refs) {
    if (sources.has(ref.src)) continue;
    try {
      sources.set(ref.src, resolve(ref.src, ref.where));
    } catch (error) {
      if (!(error instanceof MissingMedia)) throw error;
      problems.push(error.message);
    }
  }
  return { sources, problems };
}
