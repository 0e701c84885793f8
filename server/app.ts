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
import { parseAmount } from '@/lib/money';
import { ORDER_ID_PATTERN } from '@/lib/order-service';
import { findPacks, shopCurrency, totalCents } from './catalog';
import type { Config } from './config';
import type { Log } from './log';
import { buyerEmail, studioEmail, type Mailer, type OrderSummary } from './mail';
import { packFile } from './packs';
import { orderProblem, PayPalUnavailable, type PayPalClient } from './paypal';
import type { OrderRecord, Store } from './store';
import { newLinkId, signToken, verifyToken } from './tokens';

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

/** The largest request body accepted: a full cart with long addresses fits many times over. */
export const MAX_BODY_BYTES = 16 * 1024;

export type Deps = {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  mailer: Mailer;
  log: Log;
  /** The address download links start with. */
  publicUrl: () => string;
  now?: () => number;
};

export function createApp({ config, store, paypal, mailer, log, publicUrl, now = Date.now }: Deps) {
  const app = new Hono();
  const problem = (
    c: Context,
    status: 400 | 403 | 404 | 409 | 410 | 413 | 422 | 500 | 502,
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

  /** Signs one fresh link per pack and records it, then e-mails them to the buyer. */
  async function sendLinks(summary: OrderSummary) {
    const expiresAt = now() + config.downloadTtlMs;
    const links = summary.packs.map((pack) => ({ id: newLinkId(), pack }));
    store.addLinks(
      links.map((link) => ({
        id: link.id,
        orderId: summary.orderId,
        pack: link.pack.slug,
        expiresAt,
      })),
    );
    await mailer.send(
      buyerEmail(
        summary,
        links.map((link) => ({
          pack: link.pack,
          url: `${publicUrl()}/download/${signToken(config.downloadSecret, link.id, expiresAt)}`,
        })),
        expiresAt,
        config.downloadLimit,
        `${config.siteOrigins[0]}/thank-you/#fresh-links`,
      ),
    );
  }

  function answerKnownOrder(c: Context, order: OrderRecord, email: string) {
    if (order.email.toLowerCase() !== email.toLowerCase()) {
      log.warn({ msg: 'confirmation replayed for another address', orderId: order.id });
      return problem(c, 409, 'This order was already confirmed for another e-mail address.');
    }
    if (order.status === 'sending') {
      return problem(c, 409, 'This order is being confirmed right now. Please try again shortly.');
    }
    log.info({ msg: 'confirmation repeated, nothing sent again', orderId: order.id });
    return c.json({ ok: true, orderId: order.id, alreadyConfirmed: true });
  }

  app.post('/api/email/send-order-confirmation', async (c) => {
    const body = await readBody(c, confirmationSchema);
    if (body.response) return body.response;
    const { customerDetails: customer, purchasedItems, totalAmount, orderId: id } = body.data;

    const found = findPacks(purchasedItems);
    if ('unknown' in found) {
      log.warn({ msg: 'unknown items', orderId: id, unknown: found.unknown });
      return problem(c, 422, `Unknown items: ${found.unknown.join(', ')}.`);
    }
    const total = totalCents(found.packs);
    if (parseAmount(totalAmount) !== total) {
      log.warn({ msg: 'total does not match the catalogue', orderId: id, totalAmount, total });
      return problem(c, 422, 'The total does not match the prices of the items.');
    }

    const known = store.findOrder(id);
    if (known) return answerKnownOrder(c, known, customer.email);

    let order;
    try {
      order = await paypal.getOrder(id);
    } catch (error) {
      if (!(error instanceof PayPalUnavailable)) throw error;
      log.error({ msg: 'PayPal unavailable', orderId: id, error: error.message });
      return problem(c, 502, 'We could not verify the payment with PayPal. Please try again.');
    }
    if (!order) {
      log.warn({ msg: 'order unknown to PayPal', orderId: id });
      return problem(c, 422, 'PayPal does not know this order.');
    }
    const mismatch = orderProblem(order, total, shopCurrency);
    if (mismatch) {
      log.warn({ msg: 'payment does not match the order', orderId: id, reason: mismatch });
      return problem(c, 422, 'The payment does not match this order.');
    }

    const record = {
      id,
      email: customer.email,
      name: customer.name,
      items: purchasedItems,
      totalCents: total,
      createdAt: now(),
    };
    if (!store.claimOrder(record)) return answerKnownOrder(c, store.findOrder(id)!, customer.email);
    const summary: OrderSummary = {
      orderId: id,
      customer,
      packs: found.packs,
      totalCents: total,
      currency: shopCurrency,
    };
    try {
      await sendLinks(summary);
    } catch (error) {
      store.releaseOrder(id);
      log.error({
        msg: 'confirmation e-mail failed',
        orderId: id,
        error: (error as Error).message,
      });
      return problem(c, 502, 'We could not send the confirmation e-mail. Please try again.');
    }
    store.markDelivered(id);
    log.info({ msg: 'order delivered', orderId: id, packs: found.packs.length, totalCents: total });
    try {
      await mailer.send(studioEmail(summary, config.studioEmail));
    } catch (error) {
      log.error({ msg: 'studio e-mail failed', orderId: id, error: (error as Error).message });
    }
    return c.json({ ok: true, orderId: id });
  });

  app.post('/api/orders/resend', async (c) => {
    const body = await readBody(c, resendSchema);
    if (body.response) return body.response;
    const order = store.findOrder(body.data.orderId);
    // The same answer whether or not the order exists, so order ids cannot be probed.
    const answer = c.json(
      {
        ok: true,
        message: 'If this order exists for this e-mail address, fresh links are on their way.',
      },
      202,
    );
    if (
      !order ||
      order.status !== 'delivered' ||
      order.email.toLowerCase() !== body.data.email.toLowerCase()
    ) {
      log.warn({ msg: 'resend refused', orderId: body.data.orderId });
      return answer;
    }
    const found = findPacks(order.items);
    if ('unknown' in found) {
      log.error({
        msg: 'resend for items no longer sold',
        orderId: order.id,
        unknown: found.unknown,
      });
      return answer;
    }
    await sendLinks({
      orderId: order.id,
      customer: { name: order.name, email: order.email, phone: '', address: '' },
      packs: found.packs,
      totalCents: order.totalCents,
      currency: shopCurrency,
    });
    log.info({ msg: 'links resent', orderId: order.id });
    return answer;
  });

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

  return app;
}
