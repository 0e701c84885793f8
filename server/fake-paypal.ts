import {
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { parseAmount } from '@/lib/money';
import type { PurchaseUnit } from '@/lib/order';
import type { PayPalCapture, PayPalOrder } from './paypal';

/** The string PayPal signs for a webhook: transmission id, time, webhook id and the body's CRC32. */
const signedString = (id: string, time: string, webhookId: string, body: string) =>
  `${id}|${time}|${webhookId}|${crc32(body)}`;

/** The buyer of every fake PayPal payment. */
export const FAKE_PAYER = {
  email_address: 'sandbox-buyer@personal.example.com',
  name: { given_name: 'Sandbox', surname: 'Buyer' },
  payer_id: 'FAKEPAYER01',
};

const unprocessable = (issue: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  details: [{ issue }],
});

/**
 * A local stand-in for the parts of PayPal the shop uses, for development and tests: OAuth, Orders
 * v2 (create and capture without credentials, as the JS SDK does; read with a bearer token, as the
 * service does), captures, and webhooks. After a capture it sends PAYMENT.CAPTURE.COMPLETED to the
 * webhook URL, signed as PayPal signs (SHA256withRSA over "id|time|webhook id|crc32(body)"), and
 * answers the verify-webhook-signature call for its own signatures. A capture request with the
 * header `Fake-PayPal-Webhook: off` sends no webhook for that order (a webhook that never arrives);
 * one with `Fake-PayPal-Capture: pending` leaves the capture pending until the test completes it
 * (POST /fake/orders/:id/complete). Full refunds send PAYMENT.CAPTURE.REFUNDED.
 */
export function createFakePayPal(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where webhooks go (null: nowhere yet). */
  webhookUrl: () => string | null;
  webhookDelayMs?: number;
}) {
  const orders = new Map<string, PayPalOrder>();
  const captures = new Map<string, PayPalCapture>();
  const tokens = new Set<string>();
  /** Orders whose webhooks never arrive (a capture made with `Fake-PayPal-Webhook: off`). */
  const webhooksOff = new Map<string, boolean>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certPath = '/v1/notifications/certs/CERT-FAKE-360caa42';
  const app = new Hono();
  app.use('/v2/checkout/orders', cors());
  app.use('/v2/checkout/orders/*', cors());

  const authorized = (header: string | undefined) => {
    const token = header?.replace(/^Bearer /, '');
    return !!token && tokens.has(token);
  };

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
    const body = (await c.req.json()) as { purchase_units?: PurchaseUnit[] };
    const unit = body.purchase_units?.[0];
    const amount = unit?.amount;
    if (body.purchase_units?.length !== 1 || !unit || !amount?.currency_code || !amount.value) {
      return c.json({ name: 'INVALID_REQUEST' }, 400);
    }
    // PayPal's own arithmetic checks: items add up to item_total, and amount is item_total less
    // any discount.
    if (unit.items) {
      const itemTotal = parseAmount(amount.breakdown?.item_total?.value ?? '');
      const sum = unit.items.reduce(
        (total, item) => total + (parseAmount(item.unit_amount.value) ?? 0) * Number(item.quantity),
        0,
      );
      if (itemTotal !== sum) return c.json(unprocessable('ITEM_TOTAL_MISMATCH'), 422);
      const discount = parseAmount(amount.breakdown?.discount?.value ?? '0') ?? 0;
      if (parseAmount(amount.value) !== itemTotal - discount) {
        return c.json(unprocessable('AMOUNT_MISMATCH'), 422);
      }
    }
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const order: PayPalOrder = {
      id,
      status: 'CREATED',
      create_time: new Date().toISOString(),
      purchase_units: [structuredClone(unit)],
    };
    orders.set(id, order);
    return c.json(order, 201);
  });

  app.post('/v2/checkout/orders/:id/capture', (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    if (order.status === 'COMPLETED') {
      return c.json(unprocessable('ORDER_ALREADY_CAPTURED'), 422);
    }
    const unit = order.purchase_units![0]!;
    const pending = c.req.header('fake-paypal-capture') === 'pending';
    const capture: PayPalCapture = {
      id: randomBytes(8).toString('hex').toUpperCase(),
      status: pending ? 'PENDING' : 'COMPLETED',
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    order.status = 'COMPLETED';
    order.payer = FAKE_PAYER;
    unit.payments = { captures: [capture] };
    captures.set(capture.id, capture);
    webhooksOff.set(order.id, c.req.header('fake-paypal-webhook') === 'off');
    if (!pending) later(() => sendWebhook('PAYMENT.CAPTURE.COMPLETED', capture, unit, order.id));
    return c.json(order, 201);
  });

  // The test's hand on PayPal: a pending capture completes (an e-check clears, a review passes).
  app.post('/fake/orders/:id/complete', (c) => {
    const order = orders.get(c.req.param('id'));
    const unit = order?.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!order || !unit || !capture) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    capture.status = 'COMPLETED';
    later(() => sendWebhook('PAYMENT.CAPTURE.COMPLETED', capture, unit, order.id));
    return c.json(order);
  });

  // A full refund of a capture, as the studio would make it in its PayPal account.
  app.post('/v2/payments/captures/:id/refund', (c) => {
    const capture = captures.get(c.req.param('id'));
    const orderId = capture?.supplementary_data?.related_ids?.order_id;
    const unit = orderId ? orders.get(orderId)?.purchase_units?.[0] : undefined;
    if (!capture || !orderId || !unit) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    capture.status = 'REFUNDED';
    const refund = {
      id: randomBytes(8).toString('hex').toUpperCase(),
      status: 'COMPLETED',
      amount: capture.amount,
      links: [
        {
          rel: 'up',
          method: 'GET',
          href: `${new URL(c.req.url).origin}/v2/payments/captures/${capture.id}`,
        },
      ],
    };
    later(() => sendWebhook('PAYMENT.CAPTURE.REFUNDED', refund, unit, orderId));
    return c.json(refund, 201);
  });

  app.get('/v2/checkout/orders/:id', (c) => {
    if (!authorized(c.req.header('authorization'))) return c.json({ error: 'invalid_token' }, 401);
    const order = orders.get(c.req.param('id'));
    return order ? c.json(order) : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
  });

  app.get('/v2/payments/captures/:id', (c) => {
    if (!authorized(c.req.header('authorization'))) return c.json({ error: 'invalid_token' }, 401);
    const capture = captures.get(c.req.param('id'));
    return capture ? c.json(capture) : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
  });

  app.get(certPath, (c) => c.text(publicKey.export({ type: 'spki', format: 'pem' }).toString()));

  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    if (!authorized(c.req.header('authorization'))) return c.json({ error: 'invalid_token' }, 401);
    const body = (await c.req.json()) as Record<string, unknown>;
    const event = JSON.stringify(body.webhook_event);
    const valid =
      body.auth_algo === 'SHA256withRSA' &&
      typeof body.cert_url === 'string' &&
      body.cert_url.endsWith(certPath) &&
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

  /** Posts the signed event, retrying a few times as PayPal does when the answer is not 2xx. */
  async function sendWebhook(
    type: string,
    resource: { amount: { value: string; currency_code: string } },
    unit: PurchaseUnit,
    orderId: string,
    attempt = 0,
  ): Promise<void> {
    const url = options.webhookUrl();
    if (!url || webhooksOff.get(orderId)) return;
    const body = JSON.stringify({
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'capture',
      event_type: type,
      summary: `${type} for ${resource.amount.value} ${resource.amount.currency_code}`,
      resource: { ...resource, custom_id: unit.custom_id, invoice_id: unit.invoice_id },
    });
    const id = randomUUID();
    const time = new Date().toISOString();
    const signature = createSign('sha256')
      .update(signedString(id, time, options.webhookId, body))
      .sign(privateKey, 'base64');
    const delivered = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PayPal-Auth-Algo': 'SHA256withRSA',
        'PayPal-Cert-Url': `${new URL(url).protocol}//paypal.invalid${certPath}`,
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
        () => void sendWebhook(type, resource, unit, orderId, attempt + 1),
        500 * 2 ** attempt,
      ).unref();
    }
  }

  return app;
}
