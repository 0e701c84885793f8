// The site's /catalog.json as the e2e run's order service reads it: out/catalog.json, as the
// static host serves it (ETag, 304), with the changes tests published (a redeploy of the site
// with new prices) applied. A test publishes its changes under a key of its own
// (PUT /changes/<key>, `{ [slug]: priceCents, or null for a pack or bundle no longer sold }`) and takes them
// back (DELETE), so that tests running at once on other packs do not undo each other's.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import type { ShopCatalog } from '@/lib/node/shop-catalog';

const port = Number(process.env.PORT ?? 8789);
const published = path.resolve('out/catalog.json');
/** A change published: packs' prices by slug (null: no longer sold), or tax schemes switched off. */
type Change = Record<string, number | null> | { unregistered: string[] };
const changes = new Map<string, Change>();

/** out/catalog.json with every published change, versioned as the build versions it. */
function catalog(): string {
  const body: Omit<ShopCatalog, 'version'> & { version?: string } = JSON.parse(
    readFileSync(published, 'utf8'),
  ) as ShopCatalog;
  delete body.version;
  for (const change of changes.values()) {
    if ('unregistered' in change) {
      const off = change.unregistered as string[];
      body.tax = body.tax && {
        ...body.tax,
        schemes: body.tax.schemes.map((s) =>
          off.includes(s.id) ? { ...s, registered: false } : s,
        ),
      };
      continue;
    }
    const apply = <T extends { slug: string; priceCents: number }>(item: T): T[] => {
      if (!(item.slug in change)) return [item];
      const price = change[item.slug];
      return price === null || price === undefined ? [] : [{ ...item, priceCents: price }];
    };
    body.packs = body.packs.flatMap(apply);
    // A bundle of a pack no longer sold goes with it (the build refuses a bundle naming no pack).
    const sold = new Set(body.packs.map((pack) => pack.slug));
    body.bundles = body.bundles
      .flatMap(apply)
      .filter((bundle) => bundle.members.every((member) => sold.has(member)));
  }
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return JSON.stringify({ version, ...body });
}

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  const key = /^\/changes\/([\w-]+)$/.exec(pathname)?.[1];
  if (key && request.method === 'DELETE') {
    changes.delete(key);
    return void response.writeHead(204).end();
  }
  if (key && request.method === 'PUT') {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      changes.set(key, JSON.parse(body) as Change);
      response.writeHead(204).end();
    });
    return;
  }
  if (pathname !== '/catalog.json') return void response.writeHead(404).end();
  const body = catalog();
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  if (request.headers['if-none-match'] === etag) {
    return void response.writeHead(304, { ETag: etag }).end();
  }
  response.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(body);
});
// No idle timeout on kept-alive connections: a test that publishes a change and takes it back
// seconds later reuses its connection, and a server closing it at that moment made the request
// fail (ECONNRESET), which left the change published for every test after it.
server.keepAliveTimeout = 0;
server.listen(port, '127.0.0.1', () =>
  console.log(`catalogue at http://127.0.0.1:${port}/catalog.json`),
);
