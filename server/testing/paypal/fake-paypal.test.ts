// The fake PayPal refuses what PayPal refuses: requests are checked against PayPal's published
// OpenAPI schemas (server/testing/paypal/openapi/) and Orders v2's business rules, and answered
// with PayPal's error names. Otherwise the service's tests could pass on requests production
// refuses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { webhookVerifier } from '../../paypal/webhook-signature';
import { createFakePayPal } from './fake-paypal';
import { createPayPalClient, WEBHOOK_HEADERS, type WebhookSignature } from '../../paypal/client';
import { orderRequest, type OrderRequest } from '../../paypal/orders';
import { allPacks } from '../harness';

const credentials = { clientId: 'c', clientSecret: 's', webhookId: 'WH01' };
let server: ServerType;
let base = '';
let token = '';
/** The fake's clock: orders expire by it. */
let clock = Date.now();
const LIFETIME = 3 * 60 * 60 * 1000;

before(async () => {
  const fake = createFakePayPal({
    ...credentials,
    webhookUrl: () => null,
    orderLifetimeMs: LIFETIME,
    now: () => clock,
  });
  base = await new Promise((resolve) => {
    server = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  const response = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('c:s').toString('base64')}` },
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

let references = 0;
/** A valid order as the service asks for it, with a fresh reference each time. */
const valid = () =>
  orderRequest(
    allPacks.slice(0, 2).map((pack) => ({ ...pack, quantity: 1 as const })),
    'USD',
    { reference: `SJ-${String((references += 1)).padStart(12, '0')}`, description: 'Presets' },
    { code: 'TEN', cents: 500 },
  );

/** A POST with the access token, unless `anonymous` (as a caller without credentials). */
const post = async (
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  anonymous = false,
) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(anonymous ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      id?: string;
      name?: string;
      status?: string;
      error?: string;
      amount?: { value: string };
      details?: { issue: string; field?: string }[];
      purchase_units?: unknown[];
      links?: unknown[];
    },
  };
};

const issueOf = (answer: Awaited<ReturnType<typeof post>>) =>
  `${answer.status} ${answer.body.name} ${answer.body.details?.[0]?.issue}`;

type Unit = OrderRequest['purchase_units'][number];

describe('creating an order', () => {
  test('a valid order is created; the answer is minimal unless the full one is asked for', async () => {
    const minimal = await post('/v2/checkout/orders', valid());
    assert.equal(minimal.status, 201);
    assert.deepEqual(Object.keys(minimal.body).sort(), ['id', 'links', 'status']);
    const full = await post('/v2/checkout/orders', valid(), { Prefer: 'return=representation' });
    assert.equal(full.status, 201);
    assert.equal(full.body.purchase_units?.length, 1);
  });

  test('the same PayPal-Request-Id creates one order', async () => {
    const request = valid();
    const first = await post('/v2/checkout/orders', request, { 'PayPal-Request-Id': 'same-1' });
    const second = await post('/v2/checkout/orders', request, { 'PayPal-Request-Id': 'same-1' });
    assert.equal(second.status, 200);
    assert.equal(second.body.id, first.body.id);
  });

  const refused: [
    string,
    (request: OrderRequest & Record<string, unknown>, unit: Unit) => void,
    string,
  ][] = [
    [
      'no intent',
      (request) => delete (request as Partial<OrderRequest>).intent,
      '400 INVALID_REQUEST MISSING_REQUIRED_PARAMETER',
    ],
    [
      'intent SALE',
      (request) => ((request as Record<string, unknown>).intent = 'SALE'),
      '400 INVALID_REQUEST INVALID_PARAMETER_VALUE',
    ],
    [
      'custom_id over 127',
      (_, unit) => (unit.custom_id = 'x'.repeat(128)),
      '400 INVALID_REQUEST INVALID_STRING_LENGTH',
    ],
    [
      'invoice_id over 127',
      (_, unit) => (unit.invoice_id = 'x'.repeat(128)),
      '400 INVALID_REQUEST INVALID_STRING_LENGTH',
    ],
    [
      'description over 127',
      (_, unit) => (unit.description = 'x'.repeat(128)),
      '400 INVALID_REQUEST INVALID_STRING_LENGTH',
    ],
    [
      'an item name over 127',
      (_, unit) => (unit.items![0]!.name = 'x'.repeat(128)),
      '400 INVALID_REQUEST INVALID_STRING_LENGTH',
    ],
    [
      'a sku over 127',
      (_, unit) => (unit.items![0]!.sku = 'x'.repeat(128)),
      '400 INVALID_REQUEST INVALID_STRING_LENGTH',
    ],
    [
      'category SOFTWARE',
      (_, unit) => ((unit.items![0] as Record<string, unknown>).category = 'SOFTWARE'),
      '400 INVALID_REQUEST INVALID_PARAMETER_VALUE',
    ],
    [
      'quantity 1.5',
      (_, unit) => (unit.items![0]!.quantity = '1.5'),
      '400 INVALID_REQUEST INVALID_PARAMETER_SYNTAX',
    ],
    [
      'currency XYZ',
      (_, unit) => {
        for (const money of [
          unit.amount,
          unit.amount.breakdown!.item_total!,
          unit.amount.breakdown!.discount!,
          ...unit.items!.map((item) => item.unit_amount),
        ])
          money.currency_code = 'XYZ';
      },
      '400 INVALID_REQUEST INVALID_CURRENCY_CODE',
    ],
    [
      'mixed currencies',
      (_, unit) => (unit.items![0]!.unit_amount.currency_code = 'EUR'),
      '422 UNPROCESSABLE_ENTITY MULTI_CURRENCY_ORDER',
    ],
    [
      'an amount of 0.00',
      (_, unit) => {
        unit.amount.value = '0.00';
        unit.amount.breakdown!.discount!.value = unit.amount.breakdown!.item_total!.value;
      },
      '422 UNPROCESSABLE_ENTITY CANNOT_BE_ZERO_OR_NEGATIVE',
    ],
    [
      'three decimals',
      (_, unit) => (unit.amount.value = '69.980'),
      '422 UNPROCESSABLE_ENTITY DECIMAL_PRECISION',
    ],
    [
      'items without an item total',
      (_, unit) => delete unit.amount.breakdown,
      '422 UNPROCESSABLE_ENTITY ITEM_TOTAL_REQUIRED',
    ],
    [
      'an item total that is not the sum',
      (_, unit) => (unit.amount.breakdown!.item_total!.value = '1.00'),
      '422 UNPROCESSABLE_ENTITY ITEM_TOTAL_MISMATCH',
    ],
    [
      "an item's tax without a tax total",
      (_, unit) => (unit.items![0]!.tax = { currency_code: 'USD', value: '1.00' }),
      '422 UNPROCESSABLE_ENTITY TAX_TOTAL_REQUIRED',
    ],
    [
      'a tax total that is not the sum of the items',
      (_, unit) => {
        unit.items![0]!.tax = { currency_code: 'USD', value: '1.00' };
        unit.amount.breakdown!.tax_total = { currency_code: 'USD', value: '2.00' };
      },
      '422 UNPROCESSABLE_ENTITY TAX_TOTAL_MISMATCH',
    ],
    [
      'an amount that is not the breakdown',
      (_, unit) => (unit.amount.value = '1.00'),
      '422 UNPROCESSABLE_ENTITY AMOUNT_MISMATCH',
    ],
  ];
  for (const [name, change, expected] of refused) {
    test(`refuses ${name}`, async () => {
      const request = valid() as OrderRequest & Record<string, unknown>;
      change(request, request.purchase_units[0]!);
      assert.equal(issueOf(await post('/v2/checkout/orders', request)), expected);
    });
  }

  test('takes an order whose prices include tax: each item its tax, the breakdown their total', async () => {
    const taxed = orderRequest(
      allPacks.slice(0, 2).map((pack) => ({ ...pack, quantity: 1 as const })),
      'USD',
      { reference: `SJ-${String((references += 1)).padStart(12, '0')}`, description: 'Presets' },
      { code: 'TEN', cents: 500 },
      19,
    );
    assert.equal((await post('/v2/checkout/orders', taxed)).status, 201);
  });

  test('refuses an invoice id used before', async () => {
    const request = valid();
    assert.equal((await post('/v2/checkout/orders', request)).status, 201);
    assert.equal(
      issueOf(await post('/v2/checkout/orders', request)),
      '422 UNPROCESSABLE_ENTITY DUPLICATE_INVOICE_ID',
    );
  });

  test('refuses a body that is not JSON', async () => {
    assert.equal(
      issueOf(await post('/v2/checkout/orders', '{"intent":')),
      '400 INVALID_REQUEST MALFORMED_REQUEST_JSON',
    );
  });
});

describe('capturing an order', () => {
  test('only once the buyer approved it, once, and a retry with the same request id repeats the answer', async () => {
    const { body } = await post('/v2/checkout/orders', valid());
    const path = `/v2/checkout/orders/${body.id}/capture`;
    assert.equal(issueOf(await post(path, {})), '422 UNPROCESSABLE_ENTITY ORDER_NOT_APPROVED');
    await post(`/fake/orders/${body.id}/approve`, {});
    const first = await post(path, {}, { 'PayPal-Request-Id': 'capture-1' });
    assert.equal(first.status, 201);
    assert.equal(first.body.status, 'COMPLETED');
    const retry = await post(path, {}, { 'PayPal-Request-Id': 'capture-1' });
    assert.equal(retry.status, 200);
    assert.equal(issueOf(await post(path, {})), '422 UNPROCESSABLE_ENTITY ORDER_ALREADY_CAPTURED');
  });

  test('a body outside the schema is refused', async () => {
    const { body } = await post('/v2/checkout/orders', valid());
    await post(`/fake/orders/${body.id}/approve`, {});
    assert.equal(
      (await post(`/v2/checkout/orders/${body.id}/capture`, { payment_source: 'card' })).status,
      400,
    );
  });
});

/** An order created, approved by the buyer and captured: its capture's id. */
async function capturedOrder() {
  const { body } = await post('/v2/checkout/orders', valid());
  await post(`/fake/orders/${body.id}/approve`, {});
  const captured = await post(`/v2/checkout/orders/${body.id}/capture`, {});
  const unit = captured.body.purchase_units![0] as {
    payments: { captures: { id: string; amount: { value: string } }[] };
  };
  return { orderId: body.id!, capture: unit.payments.captures[0]! };
}

const getCapture = async (id: string) =>
  (await (
    await fetch(`${base}/v2/payments/captures/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { status: string };

describe('what PayPal refuses of the rest', () => {
  test('orders, captures and refunds without an access token', async () => {
    const created = await post('/v2/checkout/orders', valid(), {}, true);
    assert.equal(created.status, 401);
    assert.equal(created.body.error, 'invalid_token');
    const { body } = await post('/v2/checkout/orders', valid());
    await post(`/fake/orders/${body.id}/approve`, {});
    assert.equal((await post(`/v2/checkout/orders/${body.id}/capture`, {}, {}, true)).status, 401);
    const { capture } = await capturedOrder();
    assert.equal(
      (await post(`/v2/payments/captures/${capture.id}/refund`, {}, {}, true)).status,
      401,
    );
  });

  test('a completed order cannot be approved again, nor captured twice', async () => {
    const { orderId } = await capturedOrder();
    assert.equal(
      issueOf(await post(`/fake/orders/${orderId}/approve`, {})),
      '422 UNPROCESSABLE_ENTITY ORDER_ALREADY_CAPTURED',
    );
    assert.equal(
      issueOf(await post(`/v2/checkout/orders/${orderId}/capture`, {})),
      '422 UNPROCESSABLE_ENTITY ORDER_ALREADY_CAPTURED',
    );
  });

  test('a declined card stays declined until the buyer approves again', async () => {
    const { body } = await post('/v2/checkout/orders', valid());
    await post(`/fake/orders/${body.id}/approve`, { capture: 'declined' });
    const path = `/v2/checkout/orders/${body.id}/capture`;
    assert.equal(issueOf(await post(path, {})), '422 UNPROCESSABLE_ENTITY INSTRUMENT_DECLINED');
    assert.equal(issueOf(await post(path, {})), '422 UNPROCESSABLE_ENTITY INSTRUMENT_DECLINED');
    await post(`/fake/orders/${body.id}/approve`, {});
    assert.equal((await post(path, {})).status, 201);
  });

  test('refunds take at most what is left, and all of it leaves the capture REFUNDED', async () => {
    const { capture } = await capturedOrder();
    const path = `/v2/payments/captures/${capture.id}/refund`;
    const amount = (value: string) => ({ amount: { currency_code: 'USD', value } });
    assert.equal(capture.amount.value, '74.98');
    assert.equal(
      issueOf(await post(path, amount('75.00'))),
      '422 UNPROCESSABLE_ENTITY REFUND_AMOUNT_EXCEEDED',
    );
    assert.equal((await post(path, amount('60.00'))).status, 201);
    assert.equal((await getCapture(capture.id)).status, 'PARTIALLY_REFUNDED');
    assert.equal(
      issueOf(await post(path, amount('15.00'))),
      '422 UNPROCESSABLE_ENTITY REFUND_AMOUNT_EXCEEDED',
    );
    const rest = await post(path, amount('14.98'));
    assert.equal(rest.status, 201);
    assert.equal((await getCapture(capture.id)).status, 'REFUNDED');
    assert.equal(issueOf(await post(path, {})), '422 UNPROCESSABLE_ENTITY CAPTURE_FULLY_REFUNDED');
  });

  test('a full refund refunds what is left, once', async () => {
    const { capture } = await capturedOrder();
    const path = `/v2/payments/captures/${capture.id}/refund`;
    await post(path, { amount: { currency_code: 'USD', value: '9.98' } });
    const full = await post(path, {});
    assert.equal(full.body.amount?.value, '65.00');
    assert.equal(issueOf(await post(path, {})), '422 UNPROCESSABLE_ENTITY CAPTURE_FULLY_REFUNDED');
  });

  test('an order not captured within three hours expires', async () => {
    const { body } = await post('/v2/checkout/orders', valid());
    await post(`/fake/orders/${body.id}/approve`, {});
    clock += LIFETIME;
    try {
      assert.equal(
        issueOf(await post(`/v2/checkout/orders/${body.id}/capture`, {})),
        '422 UNPROCESSABLE_ENTITY ORDER_EXPIRED',
      );
      const read = await fetch(`${base}/v2/checkout/orders/${body.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(read.status, 404);
    } finally {
      clock = Date.now();
    }
  });
});

describe('webhooks and the transaction search, as PayPal answers them', () => {
  test("a signature verifies over the event's exact bytes, not the event written again", async () => {
    const received: { headers: Headers; body: string }[] = [];
    const receiver = new Hono();
    receiver.post('/hook', async (c) => {
      received.push({ headers: c.req.raw.headers, body: await c.req.text() });
      return c.json({ ok: true });
    });
    const hook = serve({ fetch: receiver.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => hook.once('listening', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    const fake = createFakePayPal({ ...credentials, webhookUrl: () => hookUrl, webhookDelayMs: 0 });
    const paypal = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => paypal.once('listening', resolve));
    const apiBase = `http://127.0.0.1:${(paypal.address() as AddressInfo).port}`;
    const client = createPayPalClient({ apiBase, clientId: 'c', clientSecret: 's' });
    try {
      const order = await client.createOrder(valid(), 'verify-1');
      await fetch(`${apiBase}/fake/orders/${order.id}/approve`, { method: 'POST', body: '{}' });
      for (let waited = 0; received.length === 0; waited += 10) {
        assert.ok(waited < 5000, 'the approval event arrived');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const { headers, body } = received[0]!;
      const signature = Object.fromEntries(
        Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, headers.get(header)!]),
      ) as WebhookSignature;
      // Verified as the service does it (its certificate from the fake's host, the CRC32 of the
      // exact bytes), and as PayPal's own verify-webhook-signature answers.
      const verifier = webhookVerifier({ apiBase, webhookId: 'WH01' });
      assert.equal(await verifier.verify(signature, body), true);
      const rewritten = JSON.stringify(JSON.parse(body) as unknown, null, 1);
      assert.equal(await verifier.verify(signature, rewritten), false);
      const { access_token: ownToken } = (await (
        await fetch(`${apiBase}/v1/oauth2/token`, {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from('c:s').toString('base64')}` },
        })
      ).json()) as { access_token: string };
      const atPayPal = async (event: string) => {
        const fields = JSON.stringify({ ...signature, webhook_id: 'WH01' });
        const response = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${ownToken}`, 'Content-Type': 'application/json' },
          body: `${fields.slice(0, -1)},"webhook_event":${event}}`,
        });
        return ((await response.json()) as { verification_status: string }).verification_status;
      };
      assert.equal(await atPayPal(body), 'SUCCESS');
      assert.equal(await atPayPal(rewritten), 'FAILURE');
      // A certificate elsewhere than PayPal's hosts is never fetched: the event is refused.
      for (const cert_url of [
        'https://paypal.example.com/v1/notifications/certs/CERT-1',
        'http://api.paypal.com/v1/notifications/certs/CERT-1',
        `${apiBase}/fake/orders`,
      ]) {
        assert.equal(await verifier.verify({ ...signature, cert_url }, body), false, cert_url);
      }
    } finally {
      hook.close();
      paypal.close();
    }
  });

  test('the transaction search refuses what PayPal refuses', async () => {
    const search = (query: Record<string, string>) =>
      fetch(`${base}/v1/reporting/transactions?${new URLSearchParams(query)}`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { name?: string; details?: { issue: string }[] },
      }));
    const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}T00:00:00Z`;
    assert.equal((await search({ start_date: day(1), end_date: day(25) })).status, 200);
    for (const [query, issue] of [
      [{ start_date: day(1) }, 'MISSING_REQUIRED_PARAMETER'],
      [{ start_date: '2026-11-01', end_date: day(2) }, 'INVALID_STRING_LENGTH'],
      [{ start_date: day(1), end_date: day(2), page_size: '501' }, 'INVALID_PARAMETER_VALUE'],
      [{ start_date: day(1), end_date: day(2), color: 'red' }, 'INVALID_PARAMETER_VALUE'],
      [
        { start_date: '2026-10-01T00:00:00Z', end_date: day(2) },
        'Date range is greater than 31 days',
      ],
      [{ start_date: day(3), end_date: day(2) }, 'End date must be after the start date'],
    ] as const) {
      const answer = await search(query);
      assert.equal(answer.status, 400, JSON.stringify(query));
      assert.equal(answer.body.name, 'INVALID_REQUEST');
      assert.ok(
        answer.body.details?.some((detail) => detail.issue === issue),
        `${JSON.stringify(query)}: ${JSON.stringify(answer.body.details)}`,
      );
    }
  });
});
