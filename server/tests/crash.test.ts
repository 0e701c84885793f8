// The service killed with SIGKILL in the middle of a burst of discounted orders being captured,
// then started again on the same database: every paid order is delivered, none twice, and the
// code's uses are counted once per order. The service runs as its own
// process (server/index.ts); PayPal (a fake that sends signed webhooks and retries them) and the
// SMTP server run here, so they outlive it, as the real ones would; the site that publishes the
// catalogue is down when it starts again, so it prices from the copy it kept.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { orderTotalCents } from '@/lib/shared/order';
import { allPacks, serveCatalog, publishedShop } from '../testing/harness';
import { runCodes } from '../cli/codes';
import { createFakePayPal } from '../testing/paypal/fake-paypal';
import { openStore } from '../database';
import { startSmtpCapture } from '../testing/smtp-capture';

const SITE = 'http://127.0.0.1:4173';
const credentials = {
  clientId: 'crash-client',
  clientSecret: 'crash-secret',
  webhookId: 'WHCRASH01',
};
const ORDERS = 24;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let paypal: { url: string; server: ServerType };
let serviceUrl = '';
let site: Awaited<ReturnType<typeof serveCatalog>>;
const dir = mkdtempSync(path.join(tmpdir(), 'order-crash-'));

const children: ChildProcess[] = [];

/** Starts server/index.ts and resolves with the address it logs once it listens. */
async function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dir,
      SITE_ORIGINS: SITE,
      RATE_LIMIT_PER_MINUTE: '100000',
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_CLIENT_ID: credentials.clientId,
      PAYPAL_CLIENT_SECRET: credentials.clientSecret,
      PAYPAL_WEBHOOK_ID: credentials.webhookId,
      SMTP_URL: smtp.url,
      CATALOG_URL: site.url,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /"msg":"order-confirmation service listening","url":"([^"]+)"/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code: number | null) =>
      reject(new Error(`service exited with ${code}: ${output}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

before(async () => {
  smtp = await startSmtpCapture();
  site = await serveCatalog();
  const fake = createFakePayPal({
    ...credentials,
    webhookUrl: () => (serviceUrl ? `${serviceUrl}/webhooks/paypal` : null),
    webhookDelayMs: 0,
  });
  paypal = await new Promise((resolve) => {
    const server = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, server }),
    );
  });
});

after(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise((resolve) => paypal.server.close(resolve));
  await smtp.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

test('kill -9 during a burst of discounted captures: after a restart every paid order is delivered once', async () => {
  runCodes(['add', 'CRASH10', '--percent', '10', '--limit', String(ORDERS + 5)], { DATA_DIR: dir });
  const first = await startChild();
  serviceUrl = first.url;

  // Buyers ask the service for their orders, with the code, and approve them at PayPal.
  const orders: { id: string; email: string; packs: typeof allPacks }[] = [];
  for (let index = 0; index < ORDERS; index += 1) {
    const packs = allPacks.slice(index % 3, (index % 3) + 1 + (index % 2));
    const email = `buyer${index}@example.com`;
    const created = await post(
      `${serviceUrl}/api/orders`,
      {
        items: packs.map((pack) => pack.slug),
        shownTotalCents: orderTotalCents(packs),
        customer: { name: 'Buyer', email, phone: '1', address: 'Somewhere' },
        code: 'CRASH10',
      },
      { Origin: SITE },
    );
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    await post(`${paypal.url}/fake/orders/${id}/approve`, {});
    orders.push({ id, email, packs });
  }
  // Each browser's onApprove: the service captures and delivers; PayPal then sends its webhook.
  const capture = (order: (typeof orders)[number]) =>
    post(
      `${serviceUrl}/api/orders/${order.id}/capture`,
      { email: order.email },
      { Origin: SITE },
    ).catch(() => null);
  const burst = orders.map(capture);

  // SIGKILL once a few e-mails are out, with the rest of the burst in flight.
  while (smtp.messages.length < 6) await new Promise((resolve) => setTimeout(resolve, 2));
  first.child.kill('SIGKILL');
  await Promise.all(burst);
  const atKill = smtp.messages.length;

  // Started again on the same database, while the site is down: the catalogue comes from the
  // copy on disk, the outbox resumes, PayPal retries its webhooks, and the browsers (their pending
  // orders kept) repeat their captures.
  site.setDown(true);
  const second = await startChild();
  serviceUrl = second.url;
  try {
    const health = (await (await fetch(`${serviceUrl}/health`)).json()) as {
      catalog: { version: string };
    };
    assert.equal(health.catalog.version, publishedShop.version);
    // It answered from the copy at once; the site is asked behind, and is down.
    for (let waited = 0; site.requests.at(-1)?.status !== 503; waited += 10) {
      assert.ok(waited < 5000, 'the site was asked');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(orders.map(capture));
    const deadline = Date.now() + 30_000;
    const buyersDone = () =>
      orders.every((order) => smtp.messages.some((m) => m.to?.[0]?.address === order.email));
    while (!buyersDone() || smtp.messages.length < ORDERS * 2) {
      assert.ok(Date.now() < deadline, `only ${smtp.messages.length} e-mails after the restart`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 500)); // anything sent twice would be in now

    assert.ok(atKill < ORDERS * 2, 'the kill came before the burst was delivered');
    for (const order of orders) {
      const toBuyer = smtp.messages.filter((m) => m.to?.[0]?.address === order.email);
      const studio = smtp.messages.filter(
        (m) => m.to?.[0]?.address !== order.email && m.subject?.includes(order.id),
      );
      // A copy the mail server accepted in the instant before the kill was recorded is sent
      // again with the same Message-ID, which mail servers treat as one message.
      assert.equal(new Set(toBuyer.map((m) => m.messageId)).size, 1, `${order.id} to the buyer`);
      assert.equal(new Set(studio.map((m) => m.messageId)).size, 1, `${order.id} to the studio`);
      assert.ok(toBuyer.length <= 2 && studio.length <= 2);
      assert.equal(
        [...toBuyer[0]!.text!.matchAll(/\/download\//g)].length,
        order.packs.length,
        `${order.id}: a link per pack`,
      );
    }
  } finally {
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }
  const store = openStore(path.join(dir, 'orders.sqlite'));
  try {
    const code = store.codes().find((each) => each.code === 'CRASH10')!;
    assert.equal(code.uses, ORDERS, 'one use of the code per paid order');
    for (const order of orders) assert.equal(store.findOrder(order.id)!.status, 'delivered');
  } finally {
    store.close();
  }
});
