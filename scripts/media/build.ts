// The media step of the build: checks that every file the content references exists, paints the
// placeholders that stand in for missing photographs, and writes every image at several widths
// as AVIF and WebP (with a JPEG fallback and the colours of a soft preview) to public/media/,
// named by content hash so that a CDN may cache them forever. Each pack's look (a HALD lookup
// table, for the try-on) is published as an 8-bit PNG, and the pack's "after" placeholders are
// made with it. Work is cached in .cache/media/ by content hash.
//
// `MEDIA_DRAFT=1` (what `npm start` sets) publishes each picture the cache does not hold yet as a
// draft: painted at 960 px and written once as WebP and JPEG, about 0.2 s a picture where the full
// set takes 6. `--fill` encodes every picture into the cache and publishes nothing; `npm start`
// runs it beside the site, so the next start serves the full set. `npm run build` never drafts.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { presets } from '@/lib/content';
import { mediaRefs } from '@/lib/content/media-refs';
import type { MediaEntry, MediaManifest } from '@/lib/media';
import { applyLut, haldLut, identityHald, lookPath } from '@/lib/shared/hald';
import { progress } from '../progress';
import { paintPhoto } from './paint';
import { HALD_LEVEL, resolveLook, resolveSources, type Look, type Source } from './sources';
import { AVIF, FALLBACK_WIDTH, JPEG, WEBP, WIDTHS } from './encoding';
import { applyTone } from './tones';

const ROOT = process.cwd();
const MEDIA_DIR = path.join(ROOT, 'media');
// Where the encoded pictures are kept between builds; every entry is named by its source's content
// and the encoding settings. MEDIA_CACHE_DIR chooses (CI keeps them outside the checkout; the
// GitHub workflow restores them there). On Cloudflare Pages (CF_PAGES=1), inside .next/cache, the
// folder Pages' build cache keeps for Next.js; Netlify keeps .cache/media by a build plugin
// (netlify/plugins/media-cache). README.md, "Deploying", cites each host's documentation.
const CACHE_DIR = process.env.MEDIA_CACHE_DIR
  ? path.resolve(process.env.MEDIA_CACHE_DIR)
  : path.join(ROOT, process.env.CF_PAGES === '1' ? '.next/cache/media' : '.cache/media');
const OUT_DIR = path.join(ROOT, 'public/media');
/** What lib/media.ts imports. */
const MANIFEST_PATH = path.join(ROOT, '.cache/media/manifest.json');
const URL_BASE = '/media';

const DRAFT = process.env.MEDIA_DRAFT === '1';
const FILL = process.argv.includes('--fill');
/** Drafts are remade at every draft build (they take seconds), in their own folder. */
const DRAFT_DIR = path.join(ROOT, '.cache/media-draft');
const DRAFT_WEBP = { quality: 72, effort: 0 } as const;
/** The preview is this many bands of colour, top to bottom (components/media/picture.module.css). */
const PREVIEW_BANDS = 3;
const CONCURRENCY = 3;
/** Part of every cache entry's name: changing a width or a quality re-encodes the images. */
const ENCODING = createHash('sha256')
  .update(JSON.stringify({ WIDTHS, FALLBACK_WIDTH, WEBP, AVIF, JPEG, PREVIEW_BANDS }))
  .digest('hex')
  .slice(0, 8);

type Raw = { data: Buffer; width: number; height: number };

/** What the cache keeps of an encoded picture (meta.json beside its files). */
const cachedSchema = z.object({
  width: z.number(),
  height: z.number(),
  preview: z.array(z.string()),
  files: z.array(z.object({ name: z.string(), width: z.number() })),
});
type Cached = z.output<typeof cachedSchema>;

const isImage = (src: string) => /\.(jpe?g|png|webp|avif)$/.test(src);

const rawCache = new Map<string, Promise<Raw>>();
const draftCache = new Map<string, Promise<Raw>>();
const lookCache = new Map<string, Promise<Raw>>();

/**
 * A look's table at HALD_LEVEL, as RGB pixels: the studio's PNG (checked to be a HALD) applied to
 * the identity, or the tone applied to it.
 */
function lookTable(look: Look): Promise<Raw> {
  const known = lookCache.get(look.key);
  if (known) return known;
  const identity = Buffer.from(identityHald(HALD_LEVEL).data);
  const side = HALD_LEVEL ** 3;
  const made =
    look.kind === 'file'
      ? sharp(look.file)
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({
            data: applyLut(identity, 3, haldLut(data, info.width, info.height, 3)),
            width: side,
            height: side,
          }))
      : Promise.resolve({ data: applyTone(identity, look.tone), width: side, height: side });
  lookCache.set(look.key, made);
  return made;
}

/**
 * The source's pixels, at most `draftWidth` wide when given (drafts paint small rather than scale
 * down, which is where their speed comes from); a base shared by several toned pictures is
 * computed once.
 */
function pixels(source: Source, draftWidth?: number): Promise<Raw> {
  const memo = draftWidth ? draftCache : rawCache;
  const known = memo.get(source.key);
  if (known) return known;
  const toRaw = async (input: Sharp): Promise<Raw> => {
    const { data, info } = await input.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const made =
    source.kind === 'file'
      ? toRaw(
          draftWidth
            ? sharp(source.file).rotate().resize(draftWidth, null, { withoutEnlargement: true })
            : sharp(source.file).rotate(),
        )
      : source.kind === 'paint'
        ? paintPhoto(
            source.src,
            source.alt,
            Math.min(source.spec.width, draftWidth ?? Infinity),
            source.spec.aspect,
          ).then((jpeg) => toRaw(sharp(jpeg)))
        : Promise.all([pixels(source.from, draftWidth), lookTable(source.look)]).then(
            ([base, table]) => ({
              ...base,
              data: applyLut(
                Buffer.from(base.data),
                3,
                haldLut(table.data, table.width, table.height, 3),
              ),
            }),
          );
  memo.set(source.key, made);
  return made;
}

/** Where a source's encoded images are cached. */
const cacheDir = (source: Source) => path.join(CACHE_DIR, `${source.key}-${ENCODING}`);
const isCached = (source: Source) => existsSync(path.join(cacheDir(source), 'meta.json'));

/** A draft: the picture painted (or scaled) to the fallback's width, as one WebP and one JPEG. */
async function draftImage(source: Source): Promise<Cached & { dir: string }> {
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

async function encodeImage(source: Source): Promise<Cached> {
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
const CROPS = { '16x9': 16 / 9, '4x3': 4 / 3, '1x1': 1 } as const;
const CROP_WIDTH = 1200;

/**
 * A picture cropped to each of CROPS (where the picture's subject is, by sharp's attention
 * strategy), CROP_WIDTH wide, as JPEG; cached beside its other encodings.
 */
async function encodeCrops(source: Source, dir: string) {
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

/** Runs the tasks, a few at a time. */
async function pool<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

const lookCacheFile = (look: Look) => path.join(CACHE_DIR, `look-${look.key}`, 'hald.png');

/** Writes a look's table as an 8-bit PNG without metadata (cached); returns the file. */
async function encodeLook(look: Look): Promise<string> {
  const file = lookCacheFile(look);
  if (existsSync(file)) return file;
  const table = await lookTable(look);
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(table.data, { raw: { width: table.width, height: table.height, channels: 3 } })
    .png({ compressionLevel: 9, adaptiveFiltering: true, palette: false })
    .toFile(file);
  return file;
}

/** How long cached work no build has used is kept (other checkouts may share the cache). */
const CACHE_KEEP_MS = 14 * 24 * 3600 * 1000;

/**
 * Marks this build's cache entries as used now, and forgets those no build has used for
 * CACHE_KEEP_MS, so that the cache does not grow without end. By age, not by this build's
 * content: builds of other content sharing the cache (a second checkout, the CMS tests' copies,
 * two at once) keep what they use.
 */
function forgetUnused(used: string[]) {
  const now = new Date();
  for (const dir of used) if (existsSync(dir)) utimesSync(dir, now, now);
  const keep = new Set(used.map((dir) => path.basename(dir)));
  for (const entry of existsSync(CACHE_DIR)
    ? readdirSync(CACHE_DIR, { withFileTypes: true })
    : []) {
    const dir = path.join(CACHE_DIR, entry.name);
    if (!entry.isDirectory() || keep.has(entry.name)) continue;
    if (now.getTime() - statSync(dir).mtimeMs > CACHE_KEEP_MS) rmSync(dir, { recursive: true });
  }
}

/** Copies a file to public/media/ as {dir}/{name}.{hash}{suffix} and returns its URL. */
function publish(src: string, key: string, file: string, suffix: string): string {
  const { dir, name } = path.parse(src);
  const published = path.join(dir, `${name}.${key.slice(0, 10)}${suffix}`);
  mkdirSync(path.join(OUT_DIR, dir), { recursive: true });
  copyFileSync(file, path.join(OUT_DIR, published));
  return `${URL_BASE}/${published}`;
}

/** The variants of one format, as a `srcset`: "url 240w, url 480w, ...". */
const srcSet = (files: { name: string; url: string; width: number }[], extension: string) =>
  files
    .filter((file) => file.name.endsWith(extension))
    .map((file) => `${file.url} ${file.width}w`)
    .join(', ');

async function main() {
  const refs = mediaRefs();
  const { sources, problems } = resolveSources(refs, MEDIA_DIR);
  const cropped = new Map(refs.filter((ref) => ref.crops).map((ref) => [ref.src, ref.where]));
  if (problems.length > 0) {
    console.error(`Media check failed:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    process.exit(1);
  }

  // The looks first: a studio's table that is not a HALD fails the build before any encoding.
  const looks: [slug: string, look: Look][] = [];
  const withoutLook: string[] = [];
  for (const preset of presets) {
    const look = resolveLook(preset.slug, MEDIA_DIR);
    if (look) looks.push([preset.slug, look]);
    else withoutLook.push(preset.name);
  }
  const lookProblems: string[] = [];
  const lookFiles = await Promise.all(
    looks.map(([, look]) =>
      encodeLook(look).catch((error: Error) => {
        lookProblems.push(
          `${look.kind === 'file' ? path.relative(ROOT, look.file) : 'a tone'}: ${error.message}`,
        );
        return '';
      }),
    ),
  );
  if (lookProblems.length > 0) {
    console.error(
      `Media check failed:\n${lookProblems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exit(1);
  }

  const images = [...sources].filter(([src]) => isImage(src));
  if (FILL) {
    const bar = progress('Media: filling the cache', images.length);
    await pool(images, async ([, source]) => {
      const fresh = !isCached(source);
      await encodeImage(source);
      bar.tick(!fresh);
    });
    bar.stop('Media: every picture is in the cache; the next build publishes them in full');
    return;
  }
  let painted = 0;
  let drafted = 0;
  if (DRAFT) rmSync(DRAFT_DIR, { recursive: true, force: true });
  const bar = progress(
    DRAFT ? 'Media: images (drafts where not cached)' : 'Media: images at every width',
    images.length,
  );
  const encoded = await pool(images, async ([src, source]) => {
    const fresh = !isCached(source);
    if (DRAFT && fresh) {
      const { dir, ...draft } = await draftImage(source);
      drafted++;
      bar.tick(false);
      return [src, source, draft, dir] as const;
    }
    const cached = await encodeImage(source);
    if (fresh) painted++;
    bar.tick(!fresh);
    return [src, source, cached, cacheDir(source)] as const;
  });

  const narrow = encoded.filter(([src, , cached]) => cropped.has(src) && cached.width < CROP_WIDTH);
  if (narrow.length > 0 && !DRAFT) {
    console.error(
      `Media check failed:\n${narrow
        .map(
          ([src, , cached]) =>
            `  ${cropped.get(src)}: media/${src} is ${cached.width} px wide; it needs at least ${CROP_WIDTH}`,
        )
        .join('\n')}`,
    );
    process.exit(1);
  }

  rmSync(OUT_DIR, { recursive: true, force: true });
  const manifest: MediaManifest = {};
  for (const [src, source, cached, dir] of encoded) {
    const urls = cached.files.map((file) => ({
      ...file,
      url: publish(src, source.key, path.join(dir, file.name), `-${file.name}`),
    }));
    const entry: MediaEntry = {
      kind: 'image',
      width: cached.width,
      height: cached.height,
      preview: cached.preview,
      avifSrcSet: srcSet(urls, '.avif'),
      srcSet: srcSet(urls, '.webp'),
      fallback: urls.find((file) => file.name.endsWith('.jpg'))!.url,
      placeholder: source.kind !== 'file',
    };
    if (cropped.has(src) && entry.kind === 'image') {
      const crops = await encodeCrops(source, dir);
      entry.crops = Object.fromEntries(
        crops.map((crop) => [
          crop.ratio,
          publish(src, source.key, path.join(dir, crop.name), `-${crop.name}`),
        ]),
      ) as Record<keyof typeof CROPS, string>;
    }
    manifest[src] = entry;
  }
  for (const [src, source] of sources) {
    if (isImage(src) || source.kind !== 'file') continue;
    manifest[src] = { kind: 'file', url: publish(src, source.key, source.file, path.extname(src)) };
  }
  looks.forEach(([slug, look], i) => {
    manifest[lookPath(slug)] = {
      kind: 'file',
      url: publish(lookPath(slug), look.key, lookFiles[i]!, '.png'),
    };
  });
  const fromStudio = looks.filter(([, look]) => look.kind === 'file').length;
  console.log(
    `Looks for the try-on: ${looks.length} of ${presets.length} packs (${fromStudio} from media/, ` +
      `${looks.length - fromStudio} from scripts/media/tones.ts)` +
      (withoutLook.length > 0 ? `; without one, no try-on: ${withoutLook.join(', ')}` : ''),
  );
  forgetUnused([
    ...images.map(([, source]) => cacheDir(source)),
    ...looks.map(([, look]) => path.dirname(lookCacheFile(look))),
  ]);
  mkdirSync(path.dirname(MANIFEST_PATH), { recursive: true });
  writeFileSync(MANIFEST_PATH, JSON.stringify(manifest));
  bar.stop(
    `Media: ${sources.size} files, ${painted} newly encoded` +
      (drafted > 0
        ? `, ${drafted} drafts (a preview of the site: \`npm run build\` before deploying)`
        : ''),
  );
}

await main();
