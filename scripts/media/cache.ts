// The media step's cache (scripts/media/build.ts): every encoded picture kept between builds,
// named by its source's content and the encoding settings, so that a change of either encodes it
// again and nothing else does. Builds of other content may share it.
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { AVIF, FALLBACK_WIDTH, JPEG, PREVIEW_BANDS, WEBP, WIDTHS } from './encoding';
import type { Look, Source } from './sources';

const ROOT = process.cwd();
// Where the encoded pictures are kept between builds; every entry is named by its source's content
// and the encoding settings. MEDIA_CACHE_DIR chooses (CI keeps them outside the checkout; the
// GitHub workflow restores them there). On Cloudflare Pages (CF_PAGES=1), inside .next/cache, the
// folder Pages' build cache keeps for Next.js; Netlify keeps .cache/media by a build plugin
// (netlify/plugins/media-cache). README.md, "Deploying", cites each host's documentation.
export const CACHE_DIR = process.env.MEDIA_CACHE_DIR
  ? path.resolve(process.env.MEDIA_CACHE_DIR)
  : path.join(ROOT, process.env.CF_PAGES === '1' ? '.next/cache/media' : '.cache/media');
/** Part of every cache entry's name: changing a width or a quality re-encodes the images. */
const ENCODING = createHash('sha256')
  .update(JSON.stringify({ WIDTHS, FALLBACK_WIDTH, WEBP, AVIF, JPEG, PREVIEW_BANDS }))
  .digest('hex')
  .slice(0, 8);

/** What the cache keeps of an encoded picture (meta.json beside its files). */
export const cachedSchema = z.object({
  width: z.number(),
  height: z.number(),
  preview: z.array(z.string()),
  files: z.array(z.object({ name: z.string(), width: z.number() })),
});
export type Cached = z.output<typeof cachedSchema>;

/** Where a source's encoded images are cached. */
export const cacheDir = (source: Source) => path.join(CACHE_DIR, `${source.key}-${ENCODING}`);
export const isCached = (source: Source) => existsSync(path.join(cacheDir(source), 'meta.json'));

export const lookCacheFile = (look: Look) => path.join(CACHE_DIR, `look-${look.key}`, 'hald.png');

/** How long cached work no build has used is kept (other checkouts may share the cache). */
const CACHE_KEEP_MS = 14 * 24 * 3600 * 1000;

/**
 * Marks this build's cache entries as used now, and forgets those no build has used for
 * CACHE_KEEP_MS, so that the cache does not grow without end. By age, not by this build's
 * content: builds of other content sharing the cache (a second checkout, the CMS tests' copies,
 * two at once) keep what they use.
 */
export function forgetUnused(used: string[]) {
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
