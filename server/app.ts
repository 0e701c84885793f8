import { createReadStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { rateLimiter } from 'hono-rate-limiter';
import { z } from 'zod';
import { detailsSchema } from '@/lib/checkout';
import { ORDER_ID_PATTERN, type CaptureOutcome } from '@/lib/order-service';
import { FUNDING_SOURCES, orderTotalCents } from '@/lib/order';
import { packsBySku } from './catalog';
import { applyCode } from './codes';
import type { Config } from './config';
import type { DeliveryService } from './delivery';
import type { OrderRecord } from './store';
import type { Log } from './log';
import { byteRange, downloadPage } from './download';
import { packFile } from './packs';
import {
  PayPalRefused,
  PayPalUnavailable,
  WEBHOOK_HEADERS,
  type PayPalClient,
  type WebhookSignature,
} from './paypal';
import { COPY, type Store } from './store';
import { verifyToken } from './tokens';

const orderId = z.string().regex(new RegExp(`^${ORDER_ID_PATTERN}$`), 'must be a PayPal order id');

/** What the checkout sends (lib/checkout.ts confirmationBody); nothing more is accepted. */
export const confirmationSchema = z.strictObject({
  customerDetails: z.strictObject(detailsSchema.shape),
  purchasedItems: z
    .array(z.string().min(1).max(200))
    .min(1, 'must name at least one item')
    .max(50)
    .refine((items) => new Set(items).size === items.length, 'must not name an item twice'),
  totalAmount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'must be an amount with two decimals'),
  orderId,
});

const packIds = z
  .array(z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a pack id'))
  .min(1, 'must name at least one pack')
  .max(50)
  .refine((items) => new Set(items).size === items.length, 'must not name a pack twice');

/** What the checkout's PayPal button sends to create an order: packs by sku, buyer, code. */
export const newOrderSchema = z.strictObject({
  items: packIds,
  customer: z.strictObject(detailsSchema.shape),
  code: z.string().trim().min(1).max(64).optional(),
  fundingSource: z.enum(FUNDING_SOURCES).optional(),
});

/** The capture call: the buyer's address, which must be the order's. */
export const captureSchema = z.strictObject({ email: detailsSchema.shape.email });

export const resendSchema = z.strictObject({
  orderId,
  email: detailsSchema.shape.email,
});

export const allOrdersSchema = z.strictObject({ email: detailsSchema.shape.email });

export const discountCheckSchema = z.strictObject({
  code: z.string().trim().min(1).max(64),
  items: z
    .array(z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a pack id'))
    .min(1)
    .max(50),
});

/** The largest request body accepted: a full cart with long addresses fits many times over. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Link e-mails (fresh links, all orders) one address receives per hour at most. */
export const LINK_EMAILS_PER_HOUR = 3;

const HOUR = 60 * 60 * 1000;

/** Every refused confirmation: the same words, after the same time (longer than asking PayPal). */
export const REFUSAL = 'This order cannot be confirmed with these details.';
export const REFUSAL_MS = 500;

export type Deps = {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  delivery: DeliveryService;
  log: Log;
  now?: () => number;
};

export function createApp({ config, store, paypal, delivery, log, now = Date.now }: Deps) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  /** Work done after answering (e-mailing on request), so the answer says nothing of it. */
  const background = new Set<Promise<void>>();
  const later = (work: () => Promise<void>) => {
    const task = work()
      .catch((error: Error) => log.error({ msg: 'background work failed', error: error.message }))
      .finally(() => background.delete(task));
    background.add(task);
  };
  const problem = (
    c: Context,
    status: 400 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 500 | 502 | 503,
    error: string,
    extra = {},
  ) => c.json({ error, ...extra }, status);

  // Behind N trusted proxies the client is the address the outermost one appended: N entries from
  // the right of X-Forwarded-For. Whatever the client wrote itself stands further left.
  const clientKey = (c: Context) => {
    const hops = config.trustProxyHops;
    const chain = hops > 0 ? (c.req.header('x-forwarded-for') ?? '').split(',') : [];
    const forwarded = chain.length >= hops ? chain[chain.length - hops]?.trim() : '';
    return forwarded || getConnInfo(c).remote.address || 'unknown';
  };

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    log.info({
      msg: 'request',
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use(secureHeaders({ crossOriginResourcePolicy: false }));
  app.onError((error, c) => {
    log.error({ msg: 'unexpected error', error: error.message });
    return problem(c, 500, 'Something went wrong on our side. Please try again.');
  });
  app.notFound((c) => problem(c, 404, 'Not found.'));

  // The checkout asks this before it offers to pay: no payment while the service cannot deliver.
  app.use(
    '/health',
    cors({ origin: (origin) => (config.siteOrigins.includes(origin) ? origin : null) }),
  );
  app.get('/health', (c) => c.json({ ok: true }));

  // API calls and downloads each have their own budget per client and minute.
  const limit = (perMinute = config.rateLimit) =>
    rateLimiter({
      windowMs: 60_000,
      limit: perMinute,
      standardHeaders: 'draft-7',
      keyGenerator: clientKey,
      message: { error: 'Too many requests. Please wait a minute and try again.' },
    });

  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !config.siteOrigins.includes(origin)) {
      log.warn({ msg: 'origin refused', origin });
      return problem(c, 403, 'This origin may not call the service.');
    }
    await next();
  });
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (config.siteOrigins.includes(origin) ? origin : null),
      allowMethods: ['POST'],
      allowHeaders: ['Content-Type'],
      maxAge: 600,
    }),
  );
  app.use('/api/*', limit());
  // Guessing codes: a third of the API's budget per client and minute.
  app.use('/api/discounts/*', limit(Math.max(1, Math.floor(config.rateLimit / 3))));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
    }),
  );
  app.use('/download/*', limit());

  async function readBody<T extends z.ZodType>(c: Context, schema: T) {
    const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return {
        response: problem(c, 415, 'The body must be JSON (Content-Type: application/json).'),
      };
    }
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return { response: problem(c, 400, 'The body is not valid JSON.') };
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      return { response: problem(c, 400, 'The request is incomplete or malformed.', { issues }) };
    }
    return { data: parsed.data as z.output<T> };
  }

  /** What the buyer's browser gets for a delivered order: where the e-mail went, the links. */
  const receipt = (order: OrderRecord, created: boolean) => {
    const downloads = delivery.downloads(order);
    return {
      ok: true,
      orderId: order.id,
      email: order.email,
      totalCents: order.totalCents,
      discount: order.discountCode
        ? { code: order.discountCode, cents: order.discountCents }
        : null,
      downloads: downloads.map(({ name, url }) => ({ name, url })),
      expiresAt: downloads[0]?.expiresAt ?? 0,
      ...(created ? {} : { alreadyConfirmed: true }),
    };
  };

  const paypalUnreachable = (c: Context, orderId: string | null, error: Error) => {
    log.error({ msg: 'PayPal unavailable', orderId, error: error.message });
    return problem(c, 502, 'We could not reach PayPal. Please try again in a moment.');
  };

  // The checkout's PayPal button creates its order here: priced from the catalogue, with the code's
  // use held for it. Nothing is charged until the buyer approves and the capture below runs.
  app.post('/api/orders', async (c) => {
    const body = await readBody(c, newOrderSchema);
    if (body.response) return body.response;
    const { items, customer, code, fundingSource } = body.data;
    const lines = items.map((sku) => packsBySku.get(sku));
    if (lines.some((pack) => !pack)) {
      return problem(c, 400, 'The order names a pack the shop does not sell.');
    }
    try {
      const created = await delivery.create({
        lines: lines.map((pack) => ({ ...pack!, quantity: 1 as const })),
        customer,
        code,
        fundingSource,
      });
      if ('problem' in created) {
        return problem(c, 422, 'The discount code does not apply.', { reason: created.problem });
      }
      return c.json(created, 201);
    } catch (error) {
      if (error instanceof PayPalUnavailable) return paypalUnreachable(c, null, error);
      if (error instanceof PayPalRefused) {
        log.error({ msg: 'PayPal refused an order', issue: error.issue, status: error.status });
        return problem(c, 502, 'PayPal did not accept the order. Please try again later.');
      }
      throw error;
    }
  });

  // The buyer approved the order in PayPal's window: the payment is captured and the order
  // delivered in one call, whose answer carries the links. Repeating it is safe.
  app.post('/api/orders/:id/capture', async (c) => {
    const id = c.req.param('id');
    if (!orderId.safeParse(id).success) return problem(c, 404, 'Not found.');
    const body = await readBody(c, captureSchema);
    if (body.response) return body.response;
    let result;
    try {
      result = await delivery.capture(id, body.data.email);
    } catch (error) {
      if (error instanceof PayPalUnavailable) return paypalUnreachable(c, id, error);
      throw error;
    }
    const refused = (outcome: CaptureOutcome, error: string, extra = {}) =>
      problem(c, outcome === 'unknown' ? 404 : 422, error, { outcome, ...extra });
    switch (result.kind) {
      case 'declined':
        return refused('declined', 'PayPal declined the payment; nothing was charged.', {
          restart: result.restart,
        });
      case 'unknown':
        return refused('unknown', 'We do not know this order.');
      case 'refused':
        return result.paid
          ? refused(
              'paid-not-delivered',
              'Your payment was received, but the order needs a person.',
            )
          : refused('not-charged', 'This order cannot be completed; nothing was charged.');
      case 'pending':
        return c.json({ ok: true, orderId: id, pending: true, downloads: [] }, 202);
      case 'delivered':
        return c.json(receipt(result.order, result.created));
    }
  });

  // The spec's confirmation call, from a checkout that created its order in the browser (orders
  // in flight from before the service created them).
  app.post('/api/email/send-order-confirmation', async (c) => {
    const started = now();
    const body = await readBody(c, confirmationSchema);
    if (body.response) return body.response;
    const { customerDetails: customer, purchasedItems, totalAmount, orderId: id } = body.data;
    let result;
    try {
      result = await delivery.deliver(id, {
        source: 'browser',
        customer,
        items: purchasedItems,
        totalAmount,
      });
    } catch (error) {
      if (!(error instanceof PayPalUnavailable)) throw error;
      return paypalUnreachable(c, id, error);
    }
    switch (result.kind) {
      // An unknown order, another address, other items, a refund: one answer, after one wait, so
      // that nobody learns which order ids exist or whose they are.
      case 'unknown':
      case 'refused':
        await new Promise((resolve) => setTimeout(resolve, started + REFUSAL_MS - now()));
        return problem(c, 422, REFUSAL);
      case 'pending':
        return c.json(
          { ok: true, orderId: id, email: customer.email, pending: true, downloads: [] },
          202,
        );
      case 'delivered':
        return c.json(receipt(result.order, result.created));
    }
  });

  // What a code does to a cart: a preview for the checkout; the delivery checks it again.
  app.post('/api/discounts/check', async (c) => {
    const body = await readBody(c, discountCheckSchema);
    if (body.response) return body.response;
    const lines = [...new Set(body.data.items)].flatMap((sku) => {
      const pack = packsBySku.get(sku);
      return pack ? [{ ...pack, quantity: 1 as const }] : [];
    });
    const applied = applyCode(store, body.data.code, lines, now());
    // A code that does not apply is an answer, not an error: the checkout says why.
    if ('problem' in applied) return c.json({ applies: false, reason: applied.problem });
    const itemTotalCents = orderTotalCents(lines);
    return c.json({
      applies: true,
      code: applied.rule.code,
      discountCents: applied.cents,
      itemTotalCents,
      totalCents: itemTotalCents - applied.cents,
    });
  });

  /** Fresh links to an order's own address, at most a few an hour. */
  const resendLinks = (order: NonNullable<ReturnType<Store['findOrder']>>) => {
    if (store.recentMessages('links', order.email, now() - HOUR) >= LINK_EMAILS_PER_HOUR) {
      log.warn({ msg: 'fresh links refused: hourly limit', orderId: order.id });
      return;
    }
    delivery.resend(order);
    log.info({ msg: 'links resent', orderId: order.id });
  };

  // The same answer, at once, whether or not the order exists: order ids cannot be probed.
  const accepted = (c: Context, message: string) => c.json({ ok: true, message }, 202);

  app.post('/api/orders/resend', async (c) => {
    const body = await readBody(c, resendSchema);
    if (body.response) return body.response;
    const { orderId: id, email } = body.data;
    later(async () => {
      const known = store.findOrder(id);
      if (known) {
        if (known.status !== 'refunded' && known.email.toLowerCase() === email.toLowerCase())
          resendLinks(known);
        else log.warn({ msg: 'resend refused', orderId: id });
        return;
      }
      // An order the service never stored: ask PayPal, by order id or by the transaction (capture)
      // id of the buyer's PayPal receipt, and deliver it if it was paid from this address.
      const capture = (await paypal.getOrder(id)) ? null : await paypal.getCapture(id);
      const orderId = capture?.supplementary_data?.related_ids?.order_id ?? id;
      const result = await delivery.deliver(orderId, { source: 'recovery', email });
      if (result.kind === 'delivered' && !result.created) resendLinks(result.order);
      log.info({ msg: 'recovery', orderId, result: result.kind });
    });
    return accepted(
      c,
      'If this order exists for this e-mail address, fresh links are on their way.',
    );
  });

  app.post('/api/orders/all', async (c) => {
    const body = await readBody(c, allOrdersSchema);
    if (body.response) return body.response;
    const { email } = body.data;
    later(async () => {
      const orders = store.ordersOf(email).filter((order) => order.status !== 'refunded');
      // The newest orders, as many as the address may still receive this hour.
      const left = LINK_EMAILS_PER_HOUR - store.recentMessages('links', email, now() - HOUR);
      const sent = left > 0 ? orders.slice(-left) : [];
      for (const order of sent) delivery.resend(order);
      log.info({ msg: 'all orders sent', orders: orders.length, sent: sent.length });
    });
    return accepted(c, 'If this address has orders, they are on their way to it.');
  });

  // PayPal's webhook: a capture completed. Delivered from PayPal's own order, whether or not the
  // buyer's browser ever confirmed; a failure answers 5xx, so that PayPal tries again later.
  app.post(
    '/webhooks/paypal',
    // PayPal's own events answer 2xx and are never limited; a client whose events keep failing
    // (forged, unsigned: each one costs a call to PayPal) is told to wait.
    rateLimiter({
      windowMs: 60_000,
      limit: config.rateLimit,
      skipSuccessfulRequests: true,
      keyGenerator: clientKey,
      message: { error: 'Too many failed events. Please wait a minute.' },
    }),
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => problem(c, 413, 'The event is too large.'),
    }),
    async (c) => {
      const raw = await c.req.text();
      const signature = Object.fromEntries(
        Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [
          field,
          c.req.header(header) ?? '',
        ]),
      ) as WebhookSignature;
      let event: {
        id?: string;
        event_type?: string;
        resource?: {
          id?: string;
          supplementary_data?: { related_ids?: { order_id?: string } };
          links?: { rel: string; href: string }[];
        };
      };
      try {
        event = JSON.parse(raw) as typeof event;
        if (!event || typeof event !== 'object' || Array.isArray(event))
          throw new Error('not an object');
      } catch {
        return problem(c, 400, 'The event is not a JSON object.');
      }
      if (Object.values(signature).some((value) => !value)) {
        log.warn({ msg: 'webhook without a signature' });
        return problem(c, 400, 'The event is not signed.');
      }
      try {
        if (!(await paypal.verifyWebhook(signature, raw, config.paypal.webhookId))) {
          log.warn({ msg: 'webhook signature refused', type: event.event_type });
          return problem(c, 400, 'The signature does not verify.');
        }
        if (
          event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
          event.event_type === 'PAYMENT.CAPTURE.REVERSED'
        ) {
          // A refund's resource is the refund, pointing "up" to its capture; a reversal's is the
          // capture. The capture says which order, and whether all of it went back.
          const resource = event.resource ?? {};
          const captureId =
            event.event_type === 'PAYMENT.CAPTURE.REVERSED'
              ? resource.id
              : resource.links
                  ?.find((link) => link.rel === 'up')
                  ?.href.split('/')
                  .pop();
          const capture = captureId ? await paypal.getCapture(captureId) : null;
          const order = store.findOrder(capture?.supplementary_data?.related_ids?.order_id ?? '');
          log.info({ msg: 'refund event', orderId: order?.id, type: event.event_type });
          if (capture && order && order.status !== 'refunded') {
            delivery.refund(
              order,
              event.event_type,
              ['REFUNDED', 'REVERSED'].includes(capture.status),
              event.id ?? `${event.event_type}:${capture.id}:${raw.length}`,
            );
          }
          return c.json({ ok: true });
        }
        if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') {
          return c.json({ ok: true, ignored: event.event_type });
        }
        const id = event.resource?.supplementary_data?.related_ids?.order_id;
        if (!id || !new RegExp(`^${ORDER_ID_PATTERN}$`).test(id)) {
          log.warn({ msg: 'webhook without an order id' });
          return c.json({ ok: true, ignored: 'no order id' });
        }
        const result = await delivery.deliver(id, { source: 'webhook' });
        log.info({ msg: 'webhook', orderId: id, result: result.kind });
        return c.json({ ok: true });
      } catch (error) {
        if (!(error instanceof PayPalUnavailable)) throw error;
        log.error({ msg: 'PayPal unavailable for a webhook', error: error.message });
        return problem(c, 503, 'PayPal could not be asked; try again.');
      }
    },
  );

  /** The link a token names, or why it cannot be used (a status and the words for the buyer). */
  function linkFor(token: string) {
    const check = verifyToken(config.downloadSecret, token, now());
    const refuse = (status: 404 | 410, error: string) => ({ status, error }) as const;
    if (!check.valid && check.reason === 'expired') {
      return refuse(
        410,
        'This download link has expired. Ask for fresh links on our thank-you page.',
      );
    }
    const link = check.valid ? store.findLink(check.linkId) : null;
    const pack = link && packsBySku.get(link.pack);
    if (!link || !pack) return refuse(404, 'This download link is not valid.');
    if (link.revokedAt !== null) {
      const order = store.findOrder(link.orderId);
      return refuse(
        410,
        order?.status === 'refunded'
          ? 'This order was refunded, so its links no longer work.'
          : 'These links were replaced by newer links: please use the ones in your latest e-mail.',
      );
    }
    if (link.used >= config.downloadLimit * COPY) {
      return refuse(
        410,
        `This download link has been used ${config.downloadLimit} times. Ask for fresh links on our thank-you page.`,
      );
    }
    return { link, pack };
  }

  // The link in the e-mail opens this page, which counts nothing: mail scanners and previews that
  // follow every link use up no download. Its button fetches the file.
  app.get('/download/:token', (c) => {
    const found = linkFor(c.req.param('token'));
    const headers = {
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    };
    const html = !!c.req.header('accept')?.includes('text/html');
    if ('error' in found) {
      if (!html) return problem(c, found.status, found.error);
      return c.html(downloadPage({ message: found.error }), found.status, headers);
    }
    const { link, pack } = found;
    return c.html(
      downloadPage({
        pack: pack.name,
        file: `${c.req.param('token')}/file`,
        expiresAt: link.expiresAt,
        left: Math.floor((config.downloadLimit * COPY - link.used) / COPY),
      }),
      200,
      headers,
    );
  });

  // The file. A link may send its pack DOWNLOAD_LIMIT times over, counted in bytes: each request
  // spends its share of the file before a byte goes out (so neither short ranges nor requests in
  // parallel get more), and a transfer cut short gets back what it did not send (so a resumption
  // with Range completes the same copy). HEAD spends nothing.
  app.on(['GET', 'HEAD'], '/download/:token/file', (c) => {
    const found = linkFor(c.req.param('token'));
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
    const length = end - start + 1;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    // The budget spent by bytes [from, to): the copy's units up to `to` less those up to `from`.
    // A file sent in any pieces costs exactly one copy; the same piece sent again costs again.
    const unit = (byte: number) => Math.floor((byte * COPY) / size);
    const cost = (from: number, to: number) => unit(to) - unit(from);
    if (!store.spendLink(link.id, cost(start, end + 1), config.downloadLimit * COPY)) {
      return problem(
        c,
        410,
        `This download link has been used ${config.downloadLimit} times. Ask for fresh links on our thank-you page.`,
      );
    }
    let sent = 0;
    async function* counted() {
      for await (const chunk of createReadStream(file, { start, end }) as AsyncIterable<Buffer>) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const response = c.env.outgoing;
    response.once('close', () => {
      const cut = !response.writableFinished;
      if (cut) store.refundLink(link.id, cost(start + sent, end + 1));
      log.info({ msg: 'download', orderId: link.orderId, pack: link.pack, bytes: sent, cut });
    });
    return c.body(Readable.toWeb(Readable.from(counted())) as ReadableStream, status, headers);
  });

  return Object.assign(app, {
    /** Resolves once the work started after answering is done (tests, shutdown). */
    settled: async () => {
      while (background.size > 0) await Promise.all(background);
    },
  });
}
