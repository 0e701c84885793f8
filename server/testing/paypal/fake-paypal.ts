import { createSign, createVerify, randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Context } from 'hono';
import { formatAmount, parseAmount } from '@/lib/shared/money';
import type {
  OrderRequest,
  PayPalCapture,
  PayPalOrder,
  PayPalRefund,
  PurchaseUnit,
} from '../../paypal/orders';
import { businessIssue, invalid, unprocessable } from './rules';
import { compileSchemas, schemaIssues } from './schemas';
import { transactionSearch } from './reporting';
import { rawMember } from '../raw-json';

/**
 * The fake's webhook signing key and its self-signed certificate (tests only; made with openssl
 * for "messageverificationcerts.sandbox.paypal.com", valid until 2126), read when a fake starts.
 */
function webhookKeys() {
  const certificate = readFileSync(new URL('./webhook.cert.pem', import.meta.url), 'utf8');
  return {
    certificate,
    privateKey: readFileSync(new URL('./webhook.key.pem', import.meta.url), 'utf8'),
    publicKey: new X509Certificate(certificate).publicKey,
  };
}

/** The string PayPal signs for a webhook: transmission id, time, webhook id and the body's CRC32. */
const signedString = (id: string, time: string, webhookId: string, body: string) =>
  `${id}|${time}|${webhookId}|${crc32(body)}`;

type Money = { currency_code: string; value: string };

/** The buyer of every fake PayPal payment. */
export const FAKE_PAYER = {
  email_address: 'sandbox-buyer@personal.example.com',
  name: { given_name: 'Sandbox', surname: 'Buyer' },
  payer_id: 'FAKEPAYER2345',
};

/**
 * A local stand-in for the parts of PayPal the shop uses, for development and tests: OAuth, Orders
 * v2, captures, refunds and webhooks. Every request our code makes is checked against PayPal's
 * published OpenAPI schema and Orders v2's business rules, and refused with PayPal's error names,
 * so that a request production would refuse fails here too. Create answers PayPal's minimal
 * representation unless `Prefer: return=representation`; a repeated PayPal-Request-Id answers the
 * first result; an invoice id is used once; only an approved order is captured.
 *
 * Its Transaction Search (`fake-paypal-reporting.ts`) lists every capture and refund, checked
 * against PayPal's published reporting specification.
 *
 * Every call but the buyer's needs an access token. An order not captured within
 * `orderLifetimeMs` (PayPal's default: 3 hours) expires. Refunds take at most what is left of the
 * capture, and refunds that add up to all of it leave it REFUNDED.
 *
 * The buyer's part, which happens in PayPal's window, is the test's hand: POST
 * /fake/orders/:id/approve approves an order (its body may ask that the capture be declined until
 * the buyer approves again, or stay pending, or that no webhook follow, or only the capture's:
 * `approvedEvent: false`; and name the payer's country, `payerCountry`, and province). On approval it sends
 * CHECKOUT.ORDER.APPROVED, after a capture PAYMENT.CAPTURE.COMPLETED, to the webhook URL, each
 * event checked against PayPal's schema for events and orders, signed as PayPal signs
 * (SHA256withRSA over "id|time|webhook id|crc32(body)"), and it answers the
 * verify-webhook-signature call for its own signatures. Orders created by the test (as the JS SDK
 * created them in the browser) may take `Fake-PayPal-Webhook: off` and `Fake-PayPal-Capture:
 * pending` headers on their capture.
 */
export function createFakePayPal(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where webhooks go (null: nowhere yet). */
  webhookUrl: () => string | null;
  webhookDelayMs?: number;
  orderLifetimeMs?: number;
  now?: () => number;
}) {
  compileSchemas();
  const now = options.now ?? Date.now;
  const lifetime = options.orderLifetimeMs ?? 3 * 60 * 60 * 1000;
  const orders = new Map<string, PayPalOrder>();
  const captures = new Map<string, PayPalCapture>();
  /** What was refunded of each capture, in cents. */
  const refunded = new Map<string, number>();
  const refunds = new Map<string, PayPalRefund>();
  const tokens = new Set<string>();
  /** What the buyer chose in PayPal's window, per order. */
  const approvals = new Map<
    string,
    { webhook: boolean; approvedEvent: boolean; capture: 'completed' | 'pending' | 'declined' }
  >();
  /** Answers already given, by PayPal-Request-Id and path: a retry gets the same answer. */
  const answered = new Map<string, { status: 200 | 201; body: PayPalOrder | PayPalRefund }>();
  const invoices = new Set<string>();
  /**
   * Refunds that fail next (the test's hand): 'before' answers 503 and gives nothing back;
   * 'after' gives the money back, then its answer is lost (503), as when a connection drops.
   */
  const refundFailures: ('before' | 'after')[] = [];
  const { certificate, privateKey, publicKey } = webhookKeys();
  // PayPal rotates its certificates now and then: the fake's hand for it names a new path.
  let certPath = '/v1/notifications/certs/CERT-FAKE-360caa42';
  const certPaths = new Set([certPath]);
  const app = new Hono();
  // Where the fake answers (its port is the test's): the certificate's address in each event.
  let origin = 'http://127.0.0.1';
  app.use('*', async (c, next) => {
    origin = new URL(c.req.url).origin;
    await next();
  });
  app.use('/v2/checkout/orders', cors());
  app.use('/v2/checkout/orders/*', cors());

  const authorized = (header: string | undefined) => {
    const token = header?.replace(/^Bearer /, '');
    return !!token && tokens.has(token);
  };
  /** PayPal's answer to a call without a valid access token. */
  const unauthorized = (c: Context) =>
    c.json(
      {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      },
      401,
    );

  /** An order that was not captured in time is gone, as at PayPal. */
  const expired = (order: PayPalOrder) =>
    ['CREATED', 'APPROVED'].includes(order.status) &&
    now() - Date.parse(order.create_time!) >= lifetime;

  /** The JSON body, or PayPal's answer to a body that is not JSON. */
  async function json(c: Context): Promise<unknown> {
    const text = await c.req.text();
    if (text === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  const links = (c: Context, order: PayPalOrder) => {
    const base = `${new URL(c.req.url).origin}/v2/checkout/orders/${order.id}`;
    return [
      { href: base, rel: 'self', method: 'GET' },
      {
        href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
        rel: 'approve',
        method: 'GET',
      },
      { href: `${base}/capture`, rel: 'capture', method: 'POST' },
    ];
  };

  const activity = transactionSearch(app, { authorized, now });

  app.post('/v1/oauth2/token', (c) => {
    const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    if (c.req.header('authorization') !== `Basic ${expected}`) {
      return c.json({ error: 'invalid_client' }, 401);
    }
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: 32400 });
  });

  app.post('/v2/checkout/orders', async (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    const requestId = c.req.header('paypal-request-id');
    const replay = requestId && answered.get(`create ${requestId}`);
    if (replay) return c.json(replay.body, 200);
    const body = (await json(c)) as OrderRequest | undefined;
    if (body === undefined) {
      return c.json(
        invalid([{ field: '/', issue: 'MALFORMED_REQUEST_JSON', description: '' }]),
        400,
      );
    }
    const issues = schemaIssues('createOrder', body);
    if (issues.length > 0) return c.json(invalid(issues), 400);
    if (body.purchase_units.length !== 1) {
      return c.json(unprocessable('REFERENCE_ID_REQUIRED', '/purchase_units'), 422);
    }
    const unit = body.purchase_units[0]!;
    const problem = businessIssue(unit);
    if (problem) return c.json(unprocessable(problem.issue, problem.field), 422);
    if (unit.invoice_id && invoices.has(unit.invoice_id)) {
      return c.json(unprocessable('DUPLICATE_INVOICE_ID', '/purchase_units/0/invoice_id'), 422);
    }
    if (unit.invoice_id) invoices.add(unit.invoice_id);
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const order: PayPalOrder = {
      id,
      intent: body.intent,
      status: 'CREATED',
      create_time: new Date(now()).toISOString(),
      purchase_units: [structuredClone(unit)],
    };
    orders.set(id, order);
    const full = { ...order, links: links(c, order) };
    if (requestId) answered.set(`create ${requestId}`, { status: 201, body: full });
    const representation = c.req.header('prefer') === 'return=representation';
    return c.json(representation ? full : { id, status: order.status, links: full.links }, 201);
  });

  // The buyer approves the order in PayPal's window (the test's hand): only an order that can
  // still be paid, and never a second time once it was captured.
  app.post('/fake/orders/:id/approve', async (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order || expired(order)) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    if (order.status === 'COMPLETED') return c.json(unprocessable('ORDER_ALREADY_CAPTURED'), 422);
    const choice = ((await json(c)) ?? {}) as {
      webhook?: boolean;
      approvedEvent?: boolean;
      capture?: 'pending' | 'declined';
      /** The country (and province or state) of the payer's PayPal account: none unless asked. */
      payerCountry?: string;
      payerRegion?: string;
    };
    order.status = 'APPROVED';
    order.payer = choice.payerCountry
      ? {
          ...FAKE_PAYER,
          address: {
            country_code: choice.payerCountry,
            ...(choice.payerRegion ? { admin_area_1: choice.payerRegion } : {}),
          },
        }
      : FAKE_PAYER;
    approvals.set(order.id, {
      webhook: choice.webhook ?? true,
      approvedEvent: choice.approvedEvent ?? choice.webhook ?? true,
      capture: choice.capture ?? 'completed',
    });
    const unit = order.purchase_units![0]!;
    later(() => sendWebhook('CHECKOUT.ORDER.APPROVED', structuredClone(order), unit, order.id));
    return c.json(order);
  });

  app.post('/v2/checkout/orders/:id/capture', async (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    const requestId = c.req.header('paypal-request-id');
    const replay = requestId && answered.get(`capture ${c.req.param('id')} ${requestId}`);
    if (replay) return c.json(replay.body, 200);
    const body = await json(c);
    const issues = body === undefined ? [] : schemaIssues('captureOrder', body);
    if (body === undefined || issues.length > 0) return c.json(invalid(issues), 400);
    const order = orders.get(c.req.param('id'));
    if (!order)
      return c.json(
        { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        404,
      );
    if (order.status === 'COMPLETED') return c.json(unprocessable('ORDER_ALREADY_CAPTURED'), 422);
    if (expired(order)) return c.json(unprocessable('ORDER_EXPIRED'), 422);
    const approval = approvals.get(order.id);
    if (order.status !== 'APPROVED' || !approval) {
      return c.json(unprocessable('ORDER_NOT_APPROVED'), 422);
    }
    // Declined until the buyer picks another card in the same window (approves again).
    if (approval.capture === 'declined') return c.json(unprocessable('INSTRUMENT_DECLINED'), 422);
    const unit = order.purchase_units![0]!;
    const pending =
      approval.capture === 'pending' || c.req.header('fake-paypal-capture') === 'pending';
    const capture: PayPalCapture = {
      // 17 characters, as PayPal's transaction ids are (Transaction Search looks them up so).
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: pending ? 'PENDING' : 'COMPLETED',
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    order.status = 'COMPLETED';
    unit.payments = { captures: [capture] };
    captures.set(capture.id, capture);
    activity.captured(capture, unit, order.payer);
    if (c.req.header('fake-paypal-webhook') === 'off') approval.webhook = false;
    if (!pending) later(() => sendWebhook('PAYMENT.CAPTURE.COMPLETED', capture, unit, order.id));
    const answer = structuredClone(order);
    if (requestId) answered.set(`capture ${order.id} ${requestId}`, { status: 201, body: answer });
    return c.json(answer, 201);
  });

  // The test's hand on PayPal: a pending capture completes (an e-check clears, a review passes).
  app.post('/fake/orders/:id/complete', (c) => {
    const order = orders.get(c.req.param('id'));
    const unit = order?.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!order || !unit || !capture) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    capture.status = 'COMPLETED';
    activity.completed(capture.id);
    later(() => sendWebhook('PAYMENT.CAPTURE.COMPLETED', capture, unit, order.id));
    return c.json(order);
  });

  // The test's hand on PayPal: a pending capture is denied (an e-check bounced).
  app.post('/fake/orders/:id/deny', (c) => {
    const order = orders.get(c.req.param('id'));
    const unit = order?.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!order || !unit || capture?.status !== 'PENDING') {
      return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    }
    capture.status = 'DECLINED';
    later(() => sendWebhook('PAYMENT.CAPTURE.DENIED', capture, unit, order.id));
    return c.json(order);
  });

  // The test's hand on PayPal: a completed capture reversed (the buyer's bank won a chargeback).
  // PayPal's event names only the capture; its Transaction Search lists the reversal (T1106).
  app.post('/fake/captures/:id/reverse', (c) => {
    const capture = captures.get(c.req.param('id'));
    const orderId = capture?.supplementary_data?.related_ids?.order_id;
    const unit = orderId ? orders.get(orderId)?.purchase_units?.[0] : undefined;
    if (!capture || !orderId || !unit || capture.status !== 'COMPLETED') {
      return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    }
    capture.status = 'REVERSED';
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    activity.refunded(id, capture.amount, unit, capture.id, 'T1106');
    later(() => sendWebhook('PAYMENT.CAPTURE.REVERSED', capture, unit, orderId));
    return c.json(capture);
  });

  // A refund of a capture, as the studio would make it in its PayPal account: of what is left of
  // it, or of the `amount` the body names, at most that. `Fake-PayPal-Repeat: N` delivers its
  // event N times, as PayPal resends an event (same id) it is not sure arrived.
  app.post('/v2/payments/captures/:id/refund', async (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    // A repeated PayPal-Request-Id is answered with the first refund, whatever the body says.
    const requestId = c.req.header('paypal-request-id');
    const replay = requestId && answered.get(`refund ${c.req.param('id')} ${requestId}`);
    if (replay) return c.json(replay.body, 200);
    const failure = refundFailures.shift();
    if (failure === 'before') return c.json({ name: 'INTERNAL_SERVER_ERROR' }, 503);
    const capture = captures.get(c.req.param('id'));
    const orderId = capture?.supplementary_data?.related_ids?.order_id;
    const unit = orderId ? orders.get(orderId)?.purchase_units?.[0] : undefined;
    if (!capture || !orderId || !unit) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    if (capture.status === 'REFUNDED') return c.json(unprocessable('CAPTURE_FULLY_REFUNDED'), 422);
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return c.json(unprocessable('CAPTURE_STATUS_NOT_VALID'), 422);
    }
    const body = ((await json(c)) ?? {}) as { amount?: PayPalCapture['amount'] };
    const capturedCents = parseAmount(capture.amount.value)!;
    const left = capturedCents - (refunded.get(capture.id) ?? 0);
    const cents = body.amount ? parseAmount(body.amount.value) : left;
    if (cents === null || cents <= 0) {
      return c.json(
        invalid([{ field: '/amount/value', issue: 'INVALID_PARAMETER_VALUE', description: '' }]),
        400,
      );
    }
    if (body.amount && body.amount.currency_code !== capture.amount.currency_code) {
      return c.json(
        unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH', '/amount/currency_code'),
        422,
      );
    }
    if (cents > left) return c.json(unprocessable('REFUND_AMOUNT_EXCEEDED', '/amount/value'), 422);
    refunded.set(capture.id, capturedCents - left + cents);
    capture.status = cents === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const refund = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'COMPLETED',
      amount: {
        currency_code: capture.amount.currency_code,
        value: formatAmount(cents, capture.amount.currency_code),
      },
      links: [
        {
          rel: 'up',
          method: 'GET',
          href: `${new URL(c.req.url).origin}/v2/payments/captures/${capture.id}`,
        },
      ],
    };
    refunds.set(refund.id, refund);
    if (requestId) answered.set(`refund ${capture.id} ${requestId}`, { status: 201, body: refund });
    activity.refunded(refund.id, refund.amount, unit, capture.id);
    const eventId = `WH-${randomUUID()}`;
    const repeat = Number(c.req.header('fake-paypal-repeat') ?? 1);
    for (let time = 0; time < repeat; time += 1) {
      later(() => sendWebhook('PAYMENT.CAPTURE.REFUNDED', refund, unit, orderId, eventId));
    }
    if (failure === 'after') return c.json({ name: 'INTERNAL_SERVER_ERROR' }, 503);
    return c.json(refund, 201);
  });

  app.post('/fake/refunds/fail', async (c) => {
    const { when, times = 1 } = ((await json(c)) ?? {}) as {
      when?: 'before' | 'after';
      times?: number;
    };
    if (when !== 'before' && when !== 'after') return c.json({ name: 'INVALID_REQUEST' }, 400);
    for (let n = 0; n < times; n += 1) refundFailures.push(when);
    return c.json({ queued: refundFailures.length });
  });

  app.get('/v2/checkout/orders/:id', (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    const order = orders.get(c.req.param('id'));
    return order && !expired(order) ? c.json(order) : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
  });

  // The test's look at PayPal: the refunds made of a capture, in order (not a PayPal API).
  app.get('/fake/captures/:id/refunds', (c) =>
    c.json(
      [...refunds.values()].filter((refund) =>
        refund.links?.some((link) => link.href.endsWith(`/captures/${c.req.param('id')}`)),
      ),
    ),
  );

  app.get('/v2/payments/captures/:id', (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    const capture = captures.get(c.req.param('id'));
    return capture ? c.json(capture) : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
  });

  app.get('/v2/payments/refunds/:id', (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    const refund = refunds.get(c.req.param('id'));
    return refund ? c.json(refund) : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
  });

  // The certificate PayPal-Cert-Url names, as PayPal serves its own (PEM).
  app.get('/v1/notifications/certs/:name', (c) =>
    certPaths.has(new URL(c.req.url).pathname)
      ? c.text(certificate)
      : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404),
  );
  app.post('/fake/certificates/rotate', (c) => {
    certPath = `/v1/notifications/certs/CERT-FAKE-${randomBytes(4).toString('hex')}`;
    certPaths.add(certPath);
    return c.json({ certPath });
  });

  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    if (!authorized(c.req.header('authorization'))) return unauthorized(c);
    const body = (await json(c)) as Record<string, unknown> | undefined;
    const issues = body === undefined ? [] : schemaIssues('verifyWebhookSignature', body);
    if (body === undefined || issues.length > 0) return c.json(invalid(issues), 400);
    // PayPal checks the signature over the event's bytes as they were sent to us, so it verifies
    // the bytes of `webhook_event` as this request carries them: an event parsed and written
    // again (other spacing, other order, other escapes) does not verify.
    const event = rawMember(await c.req.text(), 'webhook_event') ?? '';
    const valid =
      body.auth_algo === 'SHA256withRSA' &&
      typeof body.cert_url === 'string' &&
      [...certPaths].some((known) => (body.cert_url as string).endsWith(known)) &&
      body.webhook_id === options.webhookId &&
      typeof body.transmission_sig === 'string' &&
      createVerify('sha256')
        .update(
          signedString(
            String(body.transmission_id),
            String(body.transmission_time),
            options.webhookId,
            event,
          ),
        )
        .verify(publicKey, body.transmission_sig, 'base64');
    return c.json({ verification_status: valid ? 'SUCCESS' : 'FAILURE' });
  });

  const later = (send: () => Promise<void>) =>
    void setTimeout(() => void send(), options.webhookDelayMs ?? 1000).unref();

  /**
   * Posts the signed event, retrying a few times as PayPal does when the answer is not 2xx. The
   * buyer's choice of no webhook holds back the events of their order's approval and capture.
   */
  async function sendWebhook(
    type:
      | 'CHECKOUT.ORDER.APPROVED'
      | 'PAYMENT.CAPTURE.COMPLETED'
      | 'PAYMENT.CAPTURE.DENIED'
      | 'PAYMENT.CAPTURE.REFUNDED'
      | 'PAYMENT.CAPTURE.REVERSED',
    resource: PayPalOrder | { amount: { value: string; currency_code: string } },
    unit: PurchaseUnit,
    orderId: string,
    eventId = `WH-${randomUUID()}`,
    attempt = 0,
  ): Promise<void> {
    const url = options.webhookUrl();
    const approval = approvals.get(orderId);
    const held =
      type === 'CHECKOUT.ORDER.APPROVED'
        ? approval?.approvedEvent === false
        : type === 'PAYMENT.CAPTURE.COMPLETED' && approval?.webhook === false;
    if (!url || held) return;
    const isOrder = type === 'CHECKOUT.ORDER.APPROVED';
    const amount = isOrder ? unit.amount : (resource as { amount: Money }).amount;
    const event = {
      id: eventId,
      event_version: '1.0',
      create_time: new Date(now()).toISOString(),
      resource_type: isOrder
        ? 'checkout-order'
        : type === 'PAYMENT.CAPTURE.REFUNDED'
          ? 'refund'
          : 'capture',
      resource_version: '2.0',
      event_type: type,
      summary: `${type} for ${amount.value} ${amount.currency_code}`,
      resource: isOrder
        ? resource
        : { ...resource, custom_id: unit.custom_id, invoice_id: unit.invoice_id },
    };
    const issues = [
      ...schemaIssues('webhookEvent', event),
      ...(isOrder ? schemaIssues('order', resource) : []),
    ];
    if (issues.length > 0)
      throw new Error(`The fake's own ${type} event: ${JSON.stringify(issues)}`);
    const body = JSON.stringify(event);
    const time = new Date().toISOString();
    let id: string;
    let signature: string;
    // PayPal's schema for verify-webhook-signature wants a signature that starts with a word
    // character; its own signatures do, so the fake signs until one does.
    do {
      id = randomUUID();
      signature = createSign('sha256')
        .update(signedString(id, time, options.webhookId, body))
        .sign(privateKey, 'base64');
    } while (!/^\w/.test(signature));
    const delivered = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PayPal-Auth-Algo': 'SHA256withRSA',
        'PayPal-Cert-Url': `${origin}${certPath}`,
        'PayPal-Transmission-Id': id,
        'PayPal-Transmission-Sig': signature,
        'PayPal-Transmission-Time': time,
      },
      body,
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (!delivered && attempt < 5) {
      setTimeout(
        () => void sendWebhook(type, resource, unit, orderId, eventId, attempt + 1),
        500 * 2 ** attempt,
      ).unref();
    }
  }

  return app;
}
