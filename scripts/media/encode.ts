// One picture encoded (scripts/media/build.ts): in full into the cache (every width as AVIF and
// WebP, a JPEG fallback, the preview's colours, a journal cover's crops), or as a quick draft.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { cachedSchema, cacheDir, type Cached } from './cache';
import { FALLBACK_WIDTH, JPEG, PREVIEW_BANDS, WEBP, AVIF, WIDTHS } from './encoding';
import { pixels } from './pixels';
import type { Source } from './sources';

/** Drafts are remade at every draft build (they take seconds), in their own folder. */
export const DRAFT_DIR = path.join(process.cwd(), '.cache/media-draft');
const DRAFT_WEBP = { quality: 72, effort: 0 } as const;
/** A draft: the picture painted (or scaled) to the fallback's width, as one WebP and one JPEG. */
export async function draftImage(source: Source): Promise<Cached & { dir: string }> {
  const dir = path.join(DRAFT_DIR, source.key);
  const raw = await pixels(source, FALLBACK_WIDTH);
  const input = () =>
    sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  mkdirSync(dir, { recursive: true });
  // Named apart from the full set's files, which the browser may keep forever.
  const files = [
    { name: `draft-${raw.width}.webp`, width: raw.width },
    { name: `draft-${raw.width}.jpg`, width: raw.width },
  ];
  await input().webp(DRAFT_WEBP).toFile(path.join(dir, files[0]!.name));
  await input().jpeg(JPEG).toFile(path.join(dir, files[1]!.name));
  return {
    dir,
    width: raw.width,
    height: raw.height,
    preview: await previewColours(input()),
    files,
  };
}

export async function encodeImage(source: Source): Promise<Cached> {
  const dir = cacheDir(source);
  const metaFile = path.join(dir, 'meta.json');
  // A meta.json that does not read (a run cut short, an older format) is encoded again.
  if (existsSync(metaFile)) {
    try {
      return cachedSchema.parse(JSON.parse(readFileSync(metaFile, 'utf8')));
    } catch {
      // encoded again below
    }
  }

  const raw = await pixels(source);
  const input = () =>
    sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  mkdirSync(dir, { recursive: true });
  const widths = WIDTHS.filter((w) => w < raw.width);
  widths.push(Math.min(raw.width, WIDTHS[WIDTHS.length - 1]!));
  const files: Cached['files'] = [];
  for (const width of [...new Set(widths)]) {
    // Scaled once for both formats, which are encoded side by side: the same bytes as scaling in
    // each encoder's pipeline, with one resize less and a second job for the other core.
    const scaled = await input().resize(width).raw().toBuffer({ resolveWithObject: true });
    const atWidth = () =>
      sharp(scaled.data, {
        raw: { width: scaled.info.width, height: scaled.info.height, channels: 3 },
      });
    await Promise.all([
      atWidth()
        .webp(WEBP)
        .toFile(path.join(dir, `${width}.webp`)),
      atWidth()
        .avif(AVIF)
        .toFile(path.join(dir, `${width}.avif`)),
    ]);
    files.push({ name: `${width}.webp`, width }, { name: `${width}.avif`, width });
  }
  const fallbackWidth = Math.min(FALLBACK_WIDTH, raw.width);
  await input()
    .resize(fallbackWidth)
    .jpeg(JPEG)
    .toFile(path.join(dir, `${fallbackWidth}.jpg`));
  files.push({ name: `${fallbackWidth}.jpg`, width: fallbackWidth });
  const cached: Cached = {
    width: raw.width,
    height: raw.height,
    preview: await previewColours(input()),
    files,
  };
  writeFileSync(metaFile, JSON.stringify(cached));
  return cached;
}

/**
 * The average colours of horizontal bands of the picture, top to bottom, as "#rrggbb"; Picture
 * draws them as a gradient. A tiny image would be a data URL for every picture, which the
 * browser fetches and decodes before the first frame, and which the page carries twice (HTML and
 * RSC payload).
 */
async function previewColours(input: Sharp): Promise<string[]> {
  const bands = await input.resize(1, PREVIEW_BANDS, { fit: 'fill' }).raw().toBuffer();
  const colours: string[] = [];
  for (let band = 0; band < PREVIEW_BANDS; band++) {
    const rgb = [...bands.subarray(band * 3, band * 3 + 3)];
    colours.push(`#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);
  }
  return colours;
}

/** The crops a journal cover is published in (lib/media.ts, MediaCrop), at CROP_WIDTH. */
export const CROPS = { '16x9': 16 / 9, '4x3': 4 / 3, '1x1': 1 } as const;
export const CROP_WIDTH = 1200;

/**
 * A picture cropped to each of CROPS (where the picture's subject is, by sharp's attention
 * strategy), CROP_WIDTH wide, as JPEG; cached beside its other encodings.
 */
export async function encodeCrops(source: Source, dir: string) {
  const files = Object.keys(CROPS).map((name) => ({ name: `crop-${name}.jpg`, ratio: name }));
  if (files.every((file) => existsSync(path.join(dir, file.name)))) return files;
  const raw = await pixels(source);
  mkdirSync(dir, { recursive: true });
  for (const [ratio, aspect] of Object.entries(CROPS)) {
    const file = path.join(dir, `crop-${ratio}.jpg`);
    await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
      .resize(CROP_WIDTH, Math.round(CROP_WIDTH / aspect), { fit: 'cover', position: 'attention' })
      .jpeg(JPEG)
      .toFile(`${file}.${process.pid}`);
    // Whole or absent: another build sharing the cache may be reading it.
    renameSync(`${file}.${process.pid}`, file);
  }
  return files;
}
