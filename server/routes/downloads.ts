// The e-mailed download links: a page that counts nothing, and the file.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { Hono } from 'hono';
import type { CatalogSource } from '../catalog-source';
import type { Config } from '../config';
import { byteRange, downloadPage } from '../download';
import { problem, rateLimit, type Env } from '../http';
import type { LinkPolicy } from '../links';
import type { Log } from '../log';
import { packFile } from '../packs';

export function downloadRoutes({
  config,
  catalog,
  links,
  log,
}: {
  config: Config;
  catalog: CatalogSource;
  links: LinkPolicy;
  log: Log;
}) {
  const downloads = new Hono<Env>();
  downloads.use(rateLimit(config));

  // The link in the e-mail opens this page, which counts nothing: mail scanners and previews that
  // follow every link use up no download. Its button fetches the file.
  downloads.get('/:token', (c) => {
    const found = links.linkFor(c.req.param('token'));
    const headers = {
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    };
    const html = !!c.req.header('accept')?.includes('text/html');
    if ('error' in found) {
      if (!html) return problem(c, found.status, found.error);
      return c.html(downloadPage(catalog.get(), { message: found.error }), found.status, headers);
    }
    const { link, pack } = found;
    return c.html(
      downloadPage(catalog.get(), {
        pack: pack.name,
        file: `${c.req.param('token')}/file`,
        expiresAt: link.expiresAt,
        left: links.copiesLeft(link),
      }),
      200,
      headers,
    );
  });

  // The file. Each request spends its share of the link's copies before a byte goes out (so
  // neither short ranges nor requests in parallel get more), and a transfer cut short gets back
  // what it did not send (so a resumption with Range completes the same copy). HEAD spends nothing.
  downloads.on(['GET', 'HEAD'], '/:token/file', (c) => {
    const found = links.linkFor(c.req.param('token'));
    if ('error' in found) return problem(c, found.status, found.error);
    const { link } = found;
    const file = packFile(config.packsDir, link.pack);
    if (!existsSync(file)) {
      log.error({ msg: 'pack file missing', pack: link.pack });
      return problem(c, 500, 'This pack is not available right now. Please write to us.');
    }
    const size = statSync(file).size;
    const range = byteRange(c.req.header('range'), size);
    const headers: Record<string, string> = {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${link.pack}.zip"`,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    };
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    headers['Content-Length'] = String(end - start + 1);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    if (!links.spend(link, size, start, end + 1)) return problem(c, 410, links.usedUp);
    // The file is read a chunk at a time, only when the response asks for one: it asks again
    // once the socket took the last one (it waits for 'drain'), so the chunks asked for before
    // the last are the bytes that reached the socket. Nothing is read ahead, so a transfer cut
    // short gets back everything but what reached it.
    const chunks = (createReadStream(file, { start, end }) as AsyncIterable<Buffer>)[
      Symbol.asyncIterator
    ]();
    let sent = 0;
    let writing = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          sent += writing;
          writing = 0;
          const { value, done } = await chunks.next();
          if (done) return controller.close();
          writing = value.length;
          controller.enqueue(value);
        },
        cancel: () => void chunks.return?.(),
      },
      { highWaterMark: 0 },
    );
    const response = c.env.outgoing;
    response.once('close', () => {
      const cut = !response.writableFinished;
      if (cut) links.giveBack(link, size, start + sent, end + 1);
      else sent += writing;
      log.info({ msg: 'download', orderId: link.orderId, pack: link.pack, bytes: sent, cut });
    });
    return c.body(body, status, headers);
  });

  return downloads;
}
