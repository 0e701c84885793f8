// Where each file the content references comes from: a real file in media/, a painted
// placeholder, or a placeholder's photo with a preset's tone applied. Each gets a key that changes
// whenever its pixels would, which names its cached and published files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MediaRef } from '@/lib/content/media-refs';
import { GRAIN } from './paint';
import { placeholders, type Placeholder } from './placeholders';
import { tones } from './tones';

/** Bump to repaint and re-encode everything. */
const PIPELINE_VERSION = 3;

export type Source =
  | { kind: 'file'; file: string; key: string }
  | {
      kind: 'paint';
      src: string;
      alt: string;
      spec: Extract<Placeholder, { kind: 'paint' }>;
      key: string;
    }
  | { kind: 'tone'; from: Source; tone: string; key: string };

const hash = (...parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

const fileHash = (file: string) =>
  createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

class MissingMedia extends Error {}

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
    const tone = tones[placeholder.tone];
    if (!tone)
      throw new MissingMedia(`${where}: no tone "${placeholder.tone}" in scripts/media/tones.ts`);
    const from = resolve(placeholder.from, `${where} (the photo it is made from)`);
    return {
      kind: 'tone',
      from,
      tone: placeholder.tone,
      key: hash(PIPELINE_VERSION, tone, from.key),
    };
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
