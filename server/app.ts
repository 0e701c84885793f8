import { createReadStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { rateLimiter } from 'hono-rate-limiter';
import { z } from 'zod';
import { detailsSchema } from '@/lib/checkout';
import { ORDER_ID_PATTERN } from '@/lib/order-service';
import type { Config } from './config';
import type { DeliveryService } from './delivery';
import type { Log } from './log';
import { packFile } from './packs';
import {
  PayPalUnavailable,
  WEBHOOK_HEADERS,
  type PayPalClient,
  type WebhookSignature,
} from './paypal';
import type { Store } from './store';
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

export const resendSchema = z.strictObject({
  orderId,
  email: detailsSchema.shape.email,
});

export const allOrdersSchema = z.strictObject({ email: detailsSchema.shape.email });

/** The largest request body accepted: a full cart with long addresses fits many times over. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Link e-mails (fresh links, all orders) one address receives per hour at most. */
export const LINK_EMAILS_PER_HOUR = 3;

const HOUR = 60 * 60 * 1000;

export type Deps = {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  delivery: DeliveryService;
  log: Log;
  now?: () => number;
};

export function createApp({ config, store, paypal, delivery, log, now = Date.now }: Deps) {
  const app = new Hono();
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
    status: 400 | 403 | 404 | 409 | 410 | 413 | 422 | 500 | 502 | 503,
    error: string,
    extra = {},
  ) => c.json({ error, ...extra }, status);

  const clientKey = (c: Context) => {
    const forwarded = config.trustProxy
      ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      : '';
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

  app.get('/health', (c) => c.json({ ok: true }));

  const limit = rateLimiter({
    windowMs: 60_000,
    limit: config.rateLimit,
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
  app.use('/api/*', limit);
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
    }),
  );
  app.use('/download/*', limit);

  async function readBody<T extends z.ZodType>(c: Context, schema: T) {
    if (!c.req.header('content-type')?.startsWith('application/json')) {
      return {
        response: problem(c, 400, 'The body must be JSON (Content-Type: application/json).'),
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

  app.post('/api/email/send-order-confirmation', async (c) => {
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
      log.error({ msg: 'PayPal unavailable', orderId: id, error: error.message });
      return problem(c, 502, 'We could not verify the payment with PayPal. Please try again.');
    }
    switch (result.kind) {
      case 'unknown':
        return problem(c, 422, 'PayPal does not know this order.');
      case 'refused':
        return problem(c, result.status, result.error);
      case 'pending':
        return c.json(
          { ok: true, orderId: id, email: customer.email, pending: true, downloads: [] },
          202,
        );
      case 'delivered': {
        const downloads = delivery.downloads(result.order);
        return c.json({
          ok: true,
          orderId: id,
          email: result.order.email,
          downloads: downloads.map(({ name, url }) => ({ name, url })),
          expiresAt: downloads[0]?.expiresAt ?? 0,
          ...(result.created ? {} : { alreadyConfirmed: true }),
        });
      }
    }
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
        if (known.email.toLowerCase() === email.toLowerCase()) resendLinks(known);
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
      const orders = store.ordersOf(email);
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
        event_type?: string;
        resource?: { supplementary_data?: { related_ids?: { order_id?: string } } };
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

  app.get('/download/:token', (c) => {
    const check = verifyToken(config.downloadSecret, c.req.param('token'), now());
    if (!check.valid && check.reason === 'expired') {
      return problem(
        c,
        410,
        'This download link has expired. Reply to your order e-mail for fresh links.',
      );
    }
    const link = check.valid ? store.findLink(check.linkId) : null;
    if (!link) return problem(c, 404, 'This download link is not valid.');
    const file = packFile(config.packsDir, link.pack);
    if (!existsSync(file)) {
      log.error({ msg: 'pack file missing', pack: link.pack });
      return problem(c, 500, 'This pack is not available right now. Please write to us.');
    }
    if (!store.useLink(link.id, config.downloadLimit)) {
      log.warn({ msg: 'download limit reached', orderId: link.orderId, pack: link.pack });
      return problem(
        c,
        410,
        `This download link has been used ${config.downloadLimit} times. Reply to your order e-mail for fresh links.`,
      );
    }
    log.info({ msg: 'download', orderId: link.orderId, pack: link.pack });
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(statSync(file).size),
      'Content-Disposition': `attachment; filename="${link.pack}.zip"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  });

  return Object.assign(app, {
    /** Resolves once the work started after answering is done (tests, shutdown). */
    settled: async () => {
      while (background.size > 0) await Promise.all(background);
    },
  });
}
