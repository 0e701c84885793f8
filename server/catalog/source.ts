// The shop's catalogue as the live site publishes it (/catalog.json, lib/node/shop-catalog.ts): the
// service prices, sells and delivers from it, so a price or pack changed in the editor is charged
// as the redeployed site shows it. No price or name is compiled into the service.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PackRef } from '@/lib/shared/order';
import {
  readCatalog,
  shopCatalogSchema,
  soldBySlug,
  type ShopCatalog,
} from '@/lib/node/shop-catalog';
import type { Log } from '../log';

/** The catalogue in use, with the packs by slug. */
export type LiveCatalog = ShopCatalog & {
  /** What is sold by slug, each item with the packs it delivers (`soldBySlug`). */
  packsBySlug: ReadonlyMap<string, PackRef>;
  /** When the site last confirmed this copy (a 200 or a 304). */
  fetchedAt: number;
};

/** The last good copy, kept on disk so that a restart while the site is down still prices. */
const cacheSchema = z.object({
  fetchedAt: z.number(),
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  catalog: shopCatalogSchema,
});

export class CatalogUnavailable extends Error {}

/** A catalogue is a few kilobytes; one larger than this is refused unread. */
export const MAX_CATALOG_BYTES = 1024 * 1024;

/**
 * GETs the catalogue, following a redirect only on the same host (a CDN's trailing slash, say):
 * a redirect elsewhere is refused, never followed to a host the studio did not name.
 */
async function fetchOnSameHost(url: string, headers: Record<string, string>) {
  let at = new URL(url);
  for (let hops = 0; hops <= 3; hops += 1) {
    const response = await fetch(at, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    const next = new URL(location, at);
    if (next.host !== at.host || next.protocol !== at.protocol) {
      throw new Error(`redirected to another host (${next.host}): not followed`);
    }
    at = next;
  }
  throw new Error('too many redirects');
}

/** The body as text, refused once it passes `limit` bytes. */
async function bodyWithin(response: Response, limit: number) {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new Error(`larger than ${limit} bytes (${declared}): refused`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > limit) throw new Error(`larger than ${limit} bytes: refused`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The copy of the catalogue the service last read (beside its database), or null. */
export function readCatalogCopy(cacheFile: string): ShopCatalog | null {
  try {
    return cacheSchema.parse(JSON.parse(readFileSync(cacheFile, 'utf8'))).catalog;
  } catch {
    return null;
  }
}

const withIndex = (catalog: ShopCatalog, fetchedAt: number): LiveCatalog => ({
  ...catalog,
  fetchedAt,
  packsBySlug: soldBySlug(catalog),
});

/**
 * Reads the catalogue at `url`, at start and every `refreshMs` (a conditional GET: the site
 * answers 304 when nothing changed), validated by the site's own schema; a copy that does not
 * validate is refused and the last good one kept. `onStale` is called after each failed refresh
 * once the copy in use is older than `staleAfterMs` (`since` 0: none was read since the start,
 * that long ago).
 */
export function createCatalog(options: {
  url: string;
  cacheFile: string;
  refreshMs: number;
  staleAfterMs: number;
  log: Log;
  onStale: (since: number, reason: string) => void;
  /** Called with each catalogue taken into use (read from disk, or a new version). */
  onLoad?: (catalog: ShopCatalog) => void;
  now?: () => number;
}) {
  const { url, cacheFile, log, now = Date.now } = options;
  let cached: z.output<typeof cacheSchema> | null = null;
  let current: LiveCatalog | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  let stopped = false;
  const startedAt = now();

  try {
    cached = cacheSchema.parse(JSON.parse(readFileSync(cacheFile, 'utf8')));
    current = withIndex(cached.catalog, cached.fetchedAt);
    log.info({ msg: 'catalogue read from disk', version: current.version });
    options.onLoad?.(current);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') {
      log.warn({ msg: 'catalogue copy on disk unreadable', error: (error as Error).message });
    }
  }

  function keep(next: z.output<typeof cacheSchema>) {
    cached = next;
    current = withIndex(next.catalog, next.fetchedAt);
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(next));
    renameSync(temporary, cacheFile);
  }

  async function fetchOnce(): Promise<boolean> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (cached?.etag) headers['If-None-Match'] = cached.etag;
    if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
    let failure: string;
    try {
      const response = await fetchOnSameHost(url, headers);
      if (response.status === 304 && cached) {
        keep({ ...cached, fetchedAt: now() });
        return true;
      }
      if (response.ok) {
        const read = readCatalog(JSON.parse(await bodyWithin(response, MAX_CATALOG_BYTES)));
        if ('catalog' in read) {
          const changed = read.catalog.version !== current?.version;
          keep({
            fetchedAt: now(),
            etag: response.headers.get('etag'),
            lastModified: response.headers.get('last-modified'),
            catalog: read.catalog,
          });
          if (changed) {
            log.info({ msg: 'catalogue loaded', version: read.catalog.version, url });
            options.onLoad?.(read.catalog);
          }
          return true;
        }
        failure = `invalid: ${read.problem}`;
      } else {
        failure = `HTTP ${response.status}`;
      }
    } catch (error) {
      failure = (error as Error).message;
    }
    log.error({ msg: 'catalogue not refreshed', url, reason: failure, using: current?.version });
    const since = current?.fetchedAt ?? 0;
    if (now() - (since || startedAt) >= options.staleAfterMs) options.onStale(since, failure);
    return false;
  }

  /** One refresh at a time: callers during one share its result. */
  const refresh = () =>
    (running ??= fetchOnce().finally(() => {
      running = null;
    }));

  /** Until a first copy is had, tries again sooner (1 s, doubling, up to the refresh period). */
  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      void refresh().then((ok) =>
        schedule(ok || current ? options.refreshMs : Math.min(delay * 2, options.refreshMs)),
      );
    }, delay);
    timer.unref();
  }

  return {
    /**
     * Fetches the catalogue, then keeps refreshing it. With a copy on disk it resolves at once
     * (the service answers from the copy while the site is asked behind); without one, once the
     * site answered (or did not).
     */
    async start() {
      const first = refresh().then((ok) => schedule(ok || current ? options.refreshMs : 1000));
      if (!current) await first;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    refresh,
    /** The catalogue in use, or null while none was ever had. */
    current: () => current,
    /** The catalogue in use; throws CatalogUnavailable while none was ever had. */
    get(): LiveCatalog {
      if (!current) throw new CatalogUnavailable('The shop catalogue has not been loaded yet.');
      return current;
    },
  };
}

export type CatalogSource = ReturnType<typeof createCatalog>;
