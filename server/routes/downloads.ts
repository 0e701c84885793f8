// The e-mailed download links: a page that counts nothing, and the file.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { Member } from '@/lib/shared/order';
import type { CatalogSource } from '../catalog/source';
import type { Config } from '../config';
import { byteRange, downloadPage } from '../downloads/page';
import { problem, rateLimit, type Env } from '../http';
import type { LinkPolicy } from '../downloads/links';
import type { Log } from '../log';
import { packFile } from '../downloads/packs';
import { PayPalUnavailable } from '../paypal/client';
import { isOneAddress } from '../paypal/custom-id';
import type { FreshLinks, Recovery } from '../orders/recovery';

type PageProps = Parameters<typeof downloadPage>[1];

/** What the restore form says when no links were sent. */
const RESTORE_ANSWERS: Record<Exclude<FreshLinks, 'sent'>, string> = {
  limited:
    'This order’s links were sent three times in the last hour: please use the newest e-mail.',
  pending:
    'PayPal is still processing this payment: your links are e-mailed as soon as it completes.',
  'needs-studio':
    'We found your payment, but this order needs the studio: they have been told and will write to you.',
  'not-found':
    'We found no paid order of this link for that address. Please try the address you gave at checkout, or your PayPal account’s; we have told the studio, who will write to you.',
};

export function downloadRoutes({
  config,
  catalog,
  links,
  recovery,
  packMissing,
  log,
}: {
  config: Config;
  catalog: CatalogSource;
  links: LinkPolicy;
  recovery: Recovery;
  /** Tells the studio (once) that a sold pack's file is not in place. */
  packMissing: (pack: Member) => void;
  log: Log;
}) {
  const downloads = new Hono<Env>();
  downloads.use(rateLimit(config));

  // The link in the e-mail opens this page, which counts nothing: mail scanners and previews that
  // follow every link use up no download. Its button fetches the file.
  const headers = {
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'",
  };
  const wantsHtml = (c: Context) => !!c.req.header('accept')?.includes('text/html');
  const page = (c: Context, status: 200 | 404 | 410 | 429 | 503, props: PageProps) =>
    c.html(downloadPage(catalog.get(), props), status, headers);

  downloads.get('/:token', (c) => {
    const found = links.linkFor(c.req.param('token'));
    if ('error' in found) {
      if (!wantsHtml(c)) return problem(c, found.status, found.error);
      const restore = 'restore' in found ? `${c.req.param('token')}/restore` : undefined;
      return page(c, found.status, { message: found.error, restore });
    }
    const { link, pack } = found;
    return page(c, 200, {
      pack: pack.name,
      files: catalog.get().packs.find((sold) => sold.slug === pack.slug)?.files,
      file: `${c.req.param('token')}/file`,
      expiresAt: link.expiresAt,
      left: links.copiesLeft(link),
    });
  });

  // A genuine link of an order the database does not hold (restored from an older backup): the
  // buyer names the address of the order, and fresh links are sent at once if PayPal has it paid.
  downloads.post('/:token/restore', async (c) => {
    const found = links.linkFor(c.req.param('token'));
    if (!('restore' in found)) return c.redirect(`../${c.req.param('token')}`, 303);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    if (!isOneAddress(email)) {
      return page(c, 404, { message: 'Please enter one e-mail address.', restore: '' });
    }
    let outcome;
    try {
      outcome = await recovery.freshLinks(found.restore.orderId, email);
    } catch (error) {
      if (!(error instanceof PayPalUnavailable)) throw error;
      return page(c, 503, { message: 'We could not reach PayPal. Please try again in a moment.' });
    }
    return outcome === 'sent'
      ? page(c, 200, { message: `Fresh links are on their way to ${email}.` })
      : page(c, outcome === 'limited' ? 429 : 404, { message: RESTORE_ANSWERS[outcome] });
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
      packMissing(found.pack);
      const message =
        'This pack’s file is missing on our side. We have told the studio, who will send it to you; your link keeps all its downloads.';
      return wantsHtml(c) ? page(c, 503, { message }) : problem(c, 503, message);
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
    const paid = links.spend(link, size, start, end + 1);
    if (paid === 'pieces') return problem(c, 416, links.tooManyPieces);
    if (!paid) return problem(c, 410, links.usedUp);
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
      if (cut) links.giveBack(link, size, paid, start + sent, end + 1);
      else sent += writing;
      log.info({ msg: 'download', orderId: link.orderId, pack: link.pack, bytes: sent, cut });
    });
    return c.body(body, status, headers);
  });

  return downloads;
}
