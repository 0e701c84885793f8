import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { PayPalOrder } from './paypal';

type Amount = { currency_code: string; value: string };

/**
 * A local stand-in for PayPal's OAuth and Orders v2 endpoints, for development and tests. Orders
 * are created and captured as the JS SDK does (no credentials, like the browser), and read back
 * with a bearer token obtained with the configured client id and secret, like the service does.
 */
export function createFakePayPal(credentials: { clientId: string; clientSecret: string }) {
  const orders = new Map<string, PayPalOrder>();
  const tokens = new Set<string>();
  const app = new Hono();
  app.use('/v2/checkout/orders', cors());
  app.use('/v2/checkout/orders/*', cors());

  app.post('/v1/oauth2/token', (c) => {
    const expected = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
      'base64',
    );
    if (c.req.header('authorization') !== `Basic ${expected}`) {
      return c.json({ error: 'invalid_client' }, 401);
    }
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: 32400 });
  });

  app.post('/v2/checkout/orders', async (c) => {
    const body = (await c.req.json()) as { purchase_units?: { amount?: Amount }[] };
    const amount = body.purchase_units?.[0]?.amount;
    if (body.purchase_units?.length !== 1 || !amount?.currency_code || !amount.value) {
      return c.json({ name: 'INVALID_REQUEST' }, 400);
    }
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const order: PayPalOrder = { id, status: 'CREATED', purchase_units: [{ amount }] };
    orders.set(id, order);
    return c.json(order, 201);
  });

  app.post('/v2/checkout/orders/:id/capture', (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order) return c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
    if (order.status === 'COMPLETED') return c.json({ name: 'UNPROCESSABLE_ENTITY' }, 422);
    const unit = order.purchase_units![0]!;
    order.status = 'COMPLETED';
    unit.payments = {
      captures: [
        {
          id: randomBytes(8).toString('hex').toUpperCase(),
          status: 'COMPLETED',
          amount: unit.amount!,
        },
      ],
    };
    return c.json(order, 201);
  });

  app.get('/v2/checkout/orders/:id', (c) => {
    const token = c.req.header('authorization')?.replace(/^Bearer /, '');
    if (!token || !tokens.has(token)) return c.json({ error: 'invalid_token' }, 401);
    const order = orders.get(c.req.param('id'));
    return order ? c.json(order) : c.json({ name: 'RESOURCE_NOT_FOUND' }, 404);
  });

  return app;
}
