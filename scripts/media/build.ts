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
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { presets } from '@/lib/content';
import { mediaRefs } from '@/lib/content/media-refs';
import type { MediaEntry, MediaManifest } from '@/lib/media';
import { lookPath } from '@/lib/shared/hald';
import { progress } from '../progress';
import { resolveLook, resolveSources, type Look } from './sources';
import { cacheDir, forgetUnused, isCached, lookCacheFile } from './cache';
import { CROP_WIDTH, CROPS, DRAFT_DIR, draftImage, encodeCrops, encodeImage } from './encode';
import { lookTable } from './pixels';

const ROOT = process.cwd();
const MEDIA_DIR = path.join(ROOT, 'media');
const OUT_DIR = path.join(ROOT, 'public/media');
/** What lib/media.ts imports. */
const MANIFEST_PATH = path.join(ROOT, '.cache/media/manifest.json');
const URL_BASE = '/media';

const DRAFT = process.env.MEDIA_DRAFT === '1';
const FILL = process.argv.includes('--fill');
const CONCURRENCY = 3;
const isImage = (src: string) => /\.(jpe?g|png|webp|avif)$/.test(src);

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
