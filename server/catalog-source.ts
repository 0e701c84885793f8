// The shop's catalogue as the live site publishes it (/catalog.json, lib/shared/shop-catalog.ts): the
// service prices, sells and delivers from it, so a price or pack changed in the editor is charged
// as the redeployed site shows it. No price or name is compiled into the service.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PackRef } from '@/lib/shared/order';
import { shopCatalogSchema, type ShopCatalog } from '@/lib/shared/shop-catalog';
import type { Log } from './log';

/** The catalogue in use, with the packs by slug. */
export type Catalog = ShopCatalog & {
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

/** The copy of the catalogue the service last read (beside its database), or null. */
export function readCatalogCopy(cacheFile: string): ShopCatalog | null {
  try {
    return cacheSchema.parse(JSON.parse(readFileSync(cacheFile, 'utf8'))).catalog;
  } catch {
    return null;
  }
}

const withIndex = (catalog: ShopCatalog, fetchedAt: number): Catalog => ({
  ...catalog,
  fetchedAt,
  packsBySlug: new Map(
    catalog.packs.map(({ slug, name, priceCents }) => [slug, { slug, name, priceCents }]),
  ),
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
  let current: Catalog | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
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
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      if (response.status === 304 && cached) {
        keep({ ...cached, fetchedAt: now() });
        return true;
      }
      if (response.ok) {
        const parsed = shopCatalogSchema.safeParse(await response.json());
        if (parsed.success) {
          const changed = parsed.data.version !== current?.version;
          keep({
            fetchedAt: now(),
            etag: response.headers.get('etag'),
            lastModified: response.headers.get('last-modified'),
            catalog: parsed.data,
          });
          if (changed) {
            log.info({ msg: 'catalogue loaded', version: parsed.data.version, url });
            options.onLoad?.(parsed.data);
          }
          return true;
        }
        const issue = parsed.error.issues[0]!;
        failure = `invalid: ${issue.path.join('.')}: ${issue.message}`;
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
    timer = setTimeout(() => {
      void refresh().then((ok) =>
        schedule(ok || current ? options.refreshMs : Math.min(delay * 2, options.refreshMs)),
      );
    }, delay);
    timer.unref();
  }

  return {
    /** Fetches the catalogue once, then keeps refreshing it. */
    async start() {
      const ok = await refresh();
      schedule(ok || current ? options.refreshMs : 1000);
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
    refresh,
    /** The catalogue in use, or null while none was ever had. */
    current: () => current,
    /** The catalogue in use; throws CatalogUnavailable while none was ever had. */
    get(): Catalog {
      if (!current) throw new CatalogUnavailable('The shop catalogue has not been loaded yet.');
      return current;
    },
  };
}

export type CatalogSource = ReturnType<typeof createCatalog>;
