// The fake PayPal refuses what PayPal refuses: requests are checked against PayPal's published
// OpenAPI schemas (server/testing/paypal-openapi/) and Orders v2's business rules, and answered
// with PayPal's error names. Otherwise the service's tests could pass on requests production
// refuses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { orderRequest, type OrderRequest } from '@/lib/order';
import { createFakePayPal } from './fake-paypal';
import { allPacks } from './catalog';

const credentials = { clientId: 'c', clientSecret: 's', webhookId: 'WH01' };
let server: ServerType;
let base = '';

before(async () => {
  const fake = createFakePayPal({ ...credentials, webhookUrl: () => null });
  base = await new Promise((resolve) => {
    server = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
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

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      id?: string;
      name?: string;
      status?: string;
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
