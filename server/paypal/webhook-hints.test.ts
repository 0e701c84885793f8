// No unsigned request keeps PayPal's own events out: after a restart and a certificate rotation,
// with forgers naming new certificate paths from many addresses and a trickle after them, PayPal's
// genuine events are acted on within seconds, and forged ones cost PayPal one call per resource.
import assert from 'node:assert/strict';
import { createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { crc32 } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createFakePayPal } from '../testing/paypal/fake-paypal';
import { startSmtpCapture } from '../testing/smtp-capture';
import { approve, atPayPal, createOrder, refund, regal, start, stoic } from '../testing/harness';

const WEBHOOK_ID = 'LOCALWEBHOOK01';

/** A fake PayPal that counts what it is asked, and sends its events to `target`. */
async function countingPayPal(target: () => string | null) {
  const fake = createFakePayPal({
    clientId: 'local-client',
    clientSecret: 'local-secret',
    webhookId: WEBHOOK_ID,
    webhookUrl: target,
  });
  const asked: string[] = [];
  return new Promise<{ url: string; asked: string[]; close(): void }>((resolve) => {
    const server = serve(
      {
        fetch: (request) => {
          asked.push(`${request.method} ${new URL(request.url).pathname}`);
          return fake.fetch(request);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          asked,
          close: () => server.close(),
        }),
    );
  });
}

/** A forged event: signed with a key of the forger's, naming a certificate path on PayPal's host. */
const { privateKey: forgerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
function forge(
  service: string,
  paypal: string,
  { certificate, orderId, from }: { certificate: string; orderId: string; from: string },
) {
  const body = JSON.stringify({
    id: `WH-${randomUUID()}`,
    event_type: 'CHECKOUT.ORDER.APPROVED',
    resource: { id: orderId, status: 'APPROVED' },
  });
  const id = randomUUID();
  const time = new Date().toISOString();
  const signature = createSign('sha256')
    .update(`${id}|${time}|${WEBHOOK_ID}|${crc32(Buffer.from(body))}`)
    .sign(forgerKey, 'base64');
  return fetch(`${service}/webhooks/paypal`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      // The proxy in front of the service (TRUST_PROXY=1) names each client.
      'X-Forwarded-For': from,
      'PayPal-Auth-Algo': 'SHA256withRSA',
      'PayPal-Cert-Url': `${paypal}/v1/notifications/certs/CERT-${certificate}`,
      'PayPal-Transmission-Id': id,
      'PayPal-Transmission-Sig': signature,
      'PayPal-Transmission-Time': time,
    },
    body,
  });
}

const randomOrderId = () => randomBytes(8).toString('hex').toUpperCase();

async function within(ms: number, condition: () => boolean, what: string) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

test("forged certificate paths and a trickle keep none of PayPal's events out, across a restart", async () => {
  const smtp = await startSmtpCapture();
  let target: string | null = null;
  const paypal = await countingPayPal(() => target && `${target}/webhooks/paypal`);
  const { loadConfig } = await import('../config');
  const options = {
    fakePayPalPort: null,
    trustProxyHops: 1,
    paypal: { ...loadConfig({ NODE_ENV: 'test' }).paypal, apiBase: paypal.url },
  };
  let running = await start(smtp.url, options);
  const { dir } = running;
  let trickle: NodeJS.Timeout | undefined;
  try {
    target = running.service.url;
    const status = (id: string) => running.service.store.findOrder(id)?.status;
    // A buyer whose tab closed in PayPal's window: only PayPal's events deliver the order.
    const tabClosed = async (email: string) => {
      const created = await createOrder(running.service, [stoic], { email });
      const { id } = (await created.json()) as { id: string };
      await approve(running.service, id, { webhook: true });
      return id;
    };
    const first = await tabClosed('first@example.com');
    await within(5_000, () => status(first) === 'paid' || status(first) === 'delivered', first);
    const kept = readdirSync(path.join(dir, 'paypal-certificates'));
    assert.equal(kept.length, 1, "PayPal's certificate is kept on disk");

    // A deploy restarts the service; forgers strike at once, from many addresses.
    await running.service.close();
    running = await start(smtp.url, { ...options, databasePath: running.config.databasePath }, dir);
    target = running.service.url;
    const askedBefore = paypal.asked.length;
    const forgedIds: string[] = [];
    const forged = (n: number) => {
      const orderId = randomOrderId();
      forgedIds.push(orderId);
      return forge(target!, paypal.url, {
        certificate: `FORGED-${n}-${randomBytes(3).toString('hex')}`,
        orderId,
        from: `198.51.100.${n % 250}`,
      });
    };
    const burst = await Promise.all(Array.from({ length: 12 }, (_, n) => forged(n)));
    assert.ok(burst.every((answer) => answer.status !== 500));
    let n = 12;
    trickle = setInterval(() => void forged(n++).catch(() => {}), 300);

    // The certificate kept on disk verifies PayPal's events after the restart.
    const second = await tabClosed('second@example.com');
    const took = await within(
      5_000,
      () => status(second) === 'paid' || status(second) === 'delivered',
      second,
    );
    assert.ok(took < 5_000);
    assert.ok(
      !paypal.asked.slice(askedBefore).some((line) => line.endsWith('CERT-FAKE-360caa42')),
      'not fetched again',
    );

    // PayPal rotates its certificate while the budget of new ones is spent: its events are
    // hints, and PayPal's answers deliver and refund all the same.
    await fetch(`${paypal.url}/fake/certificates/rotate`, { method: 'POST' });
    const rotated = await Promise.all(
      ['third@example.com', 'fourth@example.com', 'fifth@example.com'].map(tabClosed),
    );
    for (const id of rotated) {
      await within(5_000, () => status(id) === 'paid' || status(id) === 'delivered', id);
    }
    const given = await refund(running.service, rotated[0]!);
    assert.equal(given.status, 201);
    await within(5_000, () => status(rotated[0]!) === 'refunded', 'the refund');
    assert.equal(running.service.store.liveLinks(rotated[0]!, Date.now()).length, 0);

    // A forged event naming one order fifty times costs PayPal one question about it.
    clearInterval(trickle);
    const named = randomOrderId();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        forge(target!, paypal.url, {
          certificate: `AGAIN-${k}`,
          orderId: named,
          from: `203.0.113.${k}`,
        }),
      ),
    );
    assert.ok(answers.every((answer) => [200, 503].includes(answer.status)));
    const askedAbout = (id: string) =>
      paypal.asked.filter((line) => line.includes(`/v2/checkout/orders/${id}`)).length;
    assert.equal(askedAbout(named), 1);
    // And each forged order id of the trickle at most once.
    assert.ok(forgedIds.every((id) => askedAbout(id) <= 1));
    // No refund or delivery came of any forged event.
    assert.equal(running.service.store.findOrder(named), null);
  } finally {
    clearInterval(trickle);
    await running.service.close();
    await smtp.close();
    paypal.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unsigned refund or reversal is read back from PayPal: a forged one refunds nothing', async () => {
  const smtp = await startSmtpCapture();
  let target: string | null = null;
  const paypal = await countingPayPal(() => target && `${target}/webhooks/paypal`);
  const { loadConfig } = await import('../config');
  const running = await start(smtp.url, {
    fakePayPalPort: null,
    paypal: { ...loadConfig({ NODE_ENV: 'test' }).paypal, apiBase: paypal.url },
  });
  try {
    target = running.service.url;
    const created = await createOrder(running.service, [regal], { email: 'kept@example.com' });
    const { id } = (await created.json()) as { id: string };
    await approve(running.service, id, { webhook: true });
    await within(5_000, () => running.service.store.findOrder(id)?.status !== 'created', id);
    const order = await atPayPal(running.service, id);
    const captureId = order.purchase_units![0]!.payments!.captures![0]!.id;
    for (const [type, resource] of [
      ['PAYMENT.CAPTURE.REVERSED', { id: captureId, status: 'REVERSED' }],
      [
        'PAYMENT.CAPTURE.REFUNDED',
        {
          id: 'FORGEDREFUND01',
          amount: { currency_code: 'USD', value: '1000.00' },
          links: [{ rel: 'up', href: `${paypal.url}/v2/payments/captures/${captureId}` }],
        },
      ],
    ] as const) {
      const body = JSON.stringify({ id: `WH-${randomUUID()}`, event_type: type, resource });
      const transmission = randomUUID();
      const time = new Date().toISOString();
      const answer: Response = await fetch(`${target}/webhooks/paypal`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'PayPal-Auth-Algo': 'SHA256withRSA',
          'PayPal-Cert-Url': `${paypal.url}/v1/notifications/certs/CERT-NEW-${type.length}`,
          'PayPal-Transmission-Id': transmission,
          'PayPal-Transmission-Sig': createSign('sha256')
            .update(`${transmission}|${time}|${WEBHOOK_ID}|${crc32(Buffer.from(body))}`)
            .sign(forgerKey, 'base64'),
          'PayPal-Transmission-Time': time,
        },
        body,
      });
      assert.equal(answer.status, 200, type);
    }
    await running.service.settled();
    assert.notEqual(running.service.store.findOrder(id)!.status, 'refunded');
    assert.deepEqual(running.service.store.refundsOf(id), []);
    assert.ok(running.service.store.liveLinks(id, Date.now()).length > 0);
  } finally {
    await running.service.close();
    await smtp.close();
    paypal.close();
    rmSync(running.dir, { recursive: true, force: true });
  }
});
