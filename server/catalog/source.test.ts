// The shop's catalogue as the site publishes it (/catalog.json): the service prices, sells and
// writes from the copy the live site serves, refreshed without a restart, kept on disk for a
// restart while the site is down, and refused when it does not validate.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { orderTotalCents } from '@/lib/shared/order';
import {
  approve,
  atPayPal,
  buy,
  capture,
  catalogWith,
  createOrder,
  earthy,
  retried,
  serveCatalog,
  publishedShop,
  start,
  withService,
  stoic,
  type Receipt,
} from '../testing/harness';
import { startSmtpCapture } from '../testing/smtp-capture';

const golden = { slug: 'golden-hour-glow', name: 'Golden Hour Glow', priceCents: 2999 };
const ordersCreated = (logs: { msg?: unknown }[]) =>
  logs.filter((line) => line.msg === 'order created').length;

describe('one catalogue for the site and the service', () => {
  test('a repriced and a new pack are charged as the site publishes them, without a restart', async () => {
    const smtp = await startSmtpCapture();
    const { service, site, logs, dir } = await start(smtp.url, { catalogRefreshMs: 100 });
    try {
      const published = catalogWith((catalog) => {
        catalog.packs[0]!.priceCents = 4450;
        catalog.packs.push(golden);
        catalog.copy.email.intro = 'Order {orderId} is yours: here are your presets, with love.';
      });
      site.publish(published);
      await retried(() => service.catalog.current()?.version === published.version);
      // Refreshes are conditional: the site answers 304 while nothing changed.
      await retried(() => site.requests.at(-1)?.status === 304);

      // A page built before the change shows the old price: nothing is created at PayPal.
      const before = ordersCreated(logs);
      const stale = await createOrder(service, [stoic, earthy]);
      assert.equal(stale.status, 409);
      assert.deepEqual(await stale.json(), {
        error: 'The prices of the shop are not the ones the page showed.',
        reason: 'prices-changed',
        packs: [{ ...stoic, priceCents: 4450 }, earthy],
      });
      assert.equal(ordersCreated(logs), before);

      // The page's new total is charged, the new pack sold, delivered and downloadable.
      const repriced = { ...stoic, priceCents: 4450 };
      const { id, response } = await buy(service, [repriced, golden]);
      assert.equal(response.status, 200);
      const receipt = (await response.json()) as Receipt;
      assert.deepEqual(
        receipt.downloads.map((download) => download.name),
        [stoic.name, golden.name],
      );
      const unit = (await atPayPal(service, id)).purchase_units![0]!;
      assert.equal(unit.amount.value, '74.49');
      assert.deepEqual(
        unit.items!.map((item) => [item.sku, item.unit_amount.value]),
        [
          [stoic.slug, '44.50'],
          [golden.slug, '29.99'],
        ],
      );
      assert.equal((await fetch(receipt.downloads[1]!.url)).status, 200);
      await service.settled();
      const mail = smtp.messages.find((m) => m.subject?.includes(id) && m.text?.includes('love'));
      assert.match(mail!.text!, new RegExp(`Order ${id} is yours`), 'its words are the catalogue');
    } finally {
      await service.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the site down at a restart: the copy kept on disk prices the orders', async () => {
    const first = await start(null);
    await first.service.close();
    const { service, dir } = await start(
      null,
      { catalogUrl: 'http://127.0.0.1:9/catalog.json' },
      first.dir,
    );
    try {
      const health = (await (await fetch(`${service.url}/health`)).json()) as {
        catalog: { version: string };
      };
      assert.equal(health.catalog.version, publishedShop.version);
      const { response } = await buy(service, [earthy]);
      assert.equal(response.status, 200);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('no catalogue yet: the shop is closed, the studio is told once, and it opens when the site answers', async () => {
    const smtp = await startSmtpCapture();
    const site = await serveCatalog();
    site.setDown(true);
    const { service, dir } = await start(smtp.url, {
      catalogUrl: site.url,
      catalogRefreshMs: 100,
      catalogStaleMs: 50,
      studioEmail: 'studio@example.com',
    });
    try {
      assert.equal((await fetch(`${service.url}/health`)).status, 503);
      const closed = await createOrder(service, [stoic]);
      assert.equal(closed.status, 503);
      await retried(() =>
        smtp.messages.some((m) => /cannot read the shop catalogue/.test(m.subject ?? '')),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500)); // more failed refreshes
      assert.equal(
        smtp.messages.filter((m) => /cannot read the shop catalogue/.test(m.subject ?? '')).length,
        1,
      );
      site.setDown(false);
      await retried(() => service.catalog.current() !== null);
      assert.equal((await fetch(`${service.url}/health`)).status, 200);
      assert.equal((await createOrder(service, [stoic])).status, 201);
    } finally {
      await service.close();
      await site.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a catalogue that does not validate is refused, and the last good one kept', async () => {
    const { service, site, logs, dir } = await start(null, { catalogRefreshMs: 50 });
    try {
      site.publish({ ...publishedShop, packs: [{ ...stoic, priceCents: -1 }] });
      await retried(() =>
        logs.some(
          (line) =>
            line.msg === 'catalogue not refreshed' &&
            String(line.reason).startsWith('invalid: packs.0.priceCents'),
        ),
      );
      assert.equal(service.catalog.current()!.version, publishedShop.version);
      assert.equal((await createOrder(service, [stoic])).status, 201);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('in production, a pack whose file is not in place is not sold, and the studio is told once', async () => {
    const smtp = await startSmtpCapture();
    const packsDir = mkdtempSync(path.join(tmpdir(), 'packs-'));
    mkdirSync(packsDir, { recursive: true });
    writeFileSync(path.join(packsDir, `${stoic.slug}.zip`), 'zip');
    const { service, logs, dir } = await start(smtp.url, { production: true, packsDir });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const refused = await createOrder(service, [stoic, earthy]);
        assert.equal(refused.status, 409);
        assert.deepEqual(await refused.json(), {
          error: 'A pack in the order cannot be sold yet.',
          reason: 'unavailable',
          packs: [earthy],
        });
      }
      assert.equal(ordersCreated(logs), 0, 'nothing was created at PayPal');
      await service.settled();
      const alerts = smtp.messages.filter((m) => m.subject?.startsWith('Packs not for sale yet'));
      assert.equal(alerts.length, 1);
      assert.match(alerts[0]!.text!, /earthy-tone\.zip/);
      const sold = await createOrder(service, [stoic], {
        shownTotalCents: orderTotalCents([stoic]),
      });
      assert.equal(sold.status, 201);
    } finally {
      await service.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(packsDir, { recursive: true, force: true });
    }
  });
});

describe('a pack file removed after it was sold', () => {
  test('at the capture: refused before any charge; at a download: a clear page; the studio told once each', async () => {
    const smtp = await startSmtpCapture();
    const packsDir = mkdtempSync(path.join(tmpdir(), 'packs-'));
    for (const pack of [stoic, earthy]) {
      writeFileSync(path.join(packsDir, `${pack.slug}.zip`), 'zip');
    }
    const { service, dir } = await start(smtp.url, { production: true, packsDir });
    const alerts = (subject: RegExp) => smtp.messages.filter((m) => subject.test(m.subject ?? ''));
    try {
      const created = await createOrder(service, [stoic]);
      const { id } = (await created.json()) as { id: string };
      const bought = await buy(service, [earthy]);
      const { downloads } = (await bought.response.json()) as Receipt;
      rmSync(path.join(packsDir, `${stoic.slug}.zip`));
      rmSync(path.join(packsDir, `${earthy.slug}.zip`));

      await approve(service, id, { webhook: false });
      const refused = await capture(service, id);
      assert.equal(refused.status, 422);
      assert.equal(((await refused.json()) as { outcome: string }).outcome, 'not-charged');
      assert.equal((await atPayPal(service, id)).status, 'APPROVED', 'nothing was charged');

      const file = downloads[0]!.url;
      for (let n = 0; n < 2; n += 1) {
        const page = await fetch(file, { headers: { Accept: 'text/html' } });
        assert.equal(page.status, 503);
        assert.match(await page.text(), /missing on our side[\s\S]*told the studio/);
      }
      await service.settled();
      // Each in its own words: the capture refused before payment; a paid pack not downloadable.
      assert.equal(alerts(/^Packs not for sale yet: Stoic Pack$/).length, 1);
      assert.equal(alerts(/^Paid packs cannot be downloaded: Earthy Tone$/).length, 1);
      writeFileSync(path.join(packsDir, `${earthy.slug}.zip`), 'zip');
      assert.equal((await fetch(file)).status, 200, 'the link kept its downloads');
    } finally {
      await service.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(packsDir, { recursive: true, force: true });
    }
  });
});

describe('a catalogue read with care', () => {
  test('a site that hangs at a restart: the service answers at once from its copy', async () => {
    const first = await start(null);
    await first.service.close();
    // A site that takes the connection and never answers.
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/catalog.json`;
    const started = performance.now();
    const { service, dir } = await start(null, { catalogUrl: url }, first.dir);
    try {
      const took = performance.now() - started;
      assert.ok(took < 2000, `listening after ${Math.round(took)} ms`);
      assert.equal((await fetch(`${service.url}/health`)).status, 200);
      assert.equal((await buy(service, [earthy])).response.status, 200);
    } finally {
      await service.close();
      hanging.closeAllConnections();
      hanging.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a price changed under the same version string is a new version, charged as shown', async () => {
    const { service, site, dir } = await start(null, { catalogRefreshMs: 50 });
    try {
      const repriced = catalogWith((catalog) => void (catalog.packs[0]!.priceCents += 100));
      site.publish({ ...repriced, version: publishedShop.version });
      await retried(() => service.catalog.current()!.version === repriced.version);
      const health = (await (await fetch(`${service.url}/health`)).json()) as {
        catalog: { version: string };
      };
      assert.equal(health.catalog.version, repriced.version);
      assert.equal((await createOrder(service, [stoic])).status, 409, 'the old price is refused');
      const shown = orderTotalCents([repriced.packs[0]!]);
      assert.equal((await createOrder(service, [stoic], { shownTotalCents: shown })).status, 201);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refused with the reason, the last good copy kept: over 1 MB, another host, a currency PayPal does not take', async () => {
    // A site whose answer the test sets: a body, or a redirect.
    let answer: { status: number; body?: string; location?: string } = { status: 200 };
    const site = createServer((request, response) => {
      if (answer.location) response.setHeader('Location', answer.location);
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(answer.body ?? JSON.stringify(publishedShop));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const { service, logs, dir } = await start(null, { catalogUrl: `${origin}/catalog.json` });
    const refusedFor = async (reason: RegExp) => {
      const before = logs.length;
      assert.equal(await service.catalog.refresh(), false);
      const line = logs.slice(before).find((each) => each.msg === 'catalogue not refreshed');
      assert.match(String(line?.reason), reason);
      assert.equal(service.catalog.current()!.version, publishedShop.version, 'the last good copy');
    };
    try {
      answer = {
        status: 200,
        body: JSON.stringify({ ...publishedShop, pad: 'x'.repeat(1 << 20) }),
      };
      await refusedFor(/larger than 1048576 bytes/);
      answer = { status: 302, location: 'http://127.0.0.2:1/catalog.json' };
      await refusedFor(/another host \(127\.0\.0\.2:1\): not followed/);
      answer = { status: 200, body: JSON.stringify({ ...publishedShop, currency: 'INR' }) };
      await refusedFor(/currency: is not a currency PayPal accepts/);
      // ¥5,500.50: yen have no decimals.
      const yen = {
        ...publishedShop,
        currency: 'JPY',
        packs: [{ ...stoic, priceCents: 550_050 }],
        bundles: [],
      };
      answer = { status: 200, body: JSON.stringify(yen) };
      await refusedFor(/packs\.0\.priceCents: must be a whole amount of JPY/);
      // A redirect on the same host (a CDN's canonical path) is followed.
      let hops = 0;
      site.removeAllListeners('request');
      site.on('request', (request, response) => {
        hops += 1;
        if (request.url === '/catalog.json') {
          response.writeHead(301, { Location: '/catalog.json?v=2' }).end();
        } else {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(publishedShop));
        }
      });
      assert.equal(await service.catalog.refresh(), true);
      assert.equal(hops, 2);
    } finally {
      await service.close();
      site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('in yen: amounts without decimals at PayPal, the order paid and delivered', async () => {
    await withService(null, { catalogRefreshMs: 50 }, async ({ service, site }) => {
      const yen = catalogWith((catalog) => {
        catalog.currency = 'JPY';
        for (const pack of catalog.packs) pack.priceCents = 550_000; // ¥5,500
        for (const bundle of catalog.bundles) bundle.priceCents = 1_000_000; // ¥10,000
      });
      site.publish(yen);
      await retried(() => service.catalog.current()!.currency === 'JPY');
      const created = await createOrder(service, [stoic, earthy], { shownTotalCents: 1_100_000 });
      assert.equal(created.status, 201, await created.clone().text());
      const { id } = (await created.json()) as { id: string };
      const unit = (await atPayPal(service, id)).purchase_units![0]!;
      assert.equal(unit.amount.value, '11000');
      assert.equal(unit.items![0]!.unit_amount.value, '5500');
    });
  });

  test('orders PayPal refuses: the studio is told once, and /health says so', async () => {
    const smtp = await startSmtpCapture();
    // A PayPal that takes the credentials and refuses every order, as it refuses an amount or a
    // currency the account cannot take.
    const refusing = new Hono();
    refusing.post('/v1/oauth2/token', (c) =>
      c.json({ access_token: 'token', token_type: 'Bearer', expires_in: 32400 }),
    );
    refusing.post('/v2/checkout/orders', (c) =>
      c.json(
        {
          name: 'UNPROCESSABLE_ENTITY',
          details: [
            { field: '/purchase_units/0/amount/currency_code', issue: 'CURRENCY_NOT_SUPPORTED' },
          ],
        },
        422,
      ),
    );
    const paypal = serve({ fetch: refusing.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => paypal.once('listening', resolve));
    const apiBase = `http://127.0.0.1:${(paypal.address() as AddressInfo).port}`;
    const { service, dir } = await start(smtp.url, {
      fakePayPalPort: null,
      paypal: { apiBase, clientId: 'a', clientSecret: 'b', webhookId: 'W' },
      studioEmail: 'studio@example.com',
    });
    try {
      for (let n = 0; n < 3; n += 1) {
        assert.equal((await createOrder(service, [stoic])).status, 502);
      }
      const health = (await (await fetch(`${service.url}/health`)).json()) as {
        orders: { failing: boolean; issue?: string };
      };
      assert.deepEqual(
        { ...health.orders, since: undefined },
        {
          failing: true,
          issue: 'CURRENCY_NOT_SUPPORTED',
          since: undefined,
        },
      );
      await service.settled();
      const alerts = smtp.messages.filter((m) => /Orders are failing/.test(m.subject ?? ''));
      assert.equal(alerts.length, 1);
    } finally {
      await service.close();
      paypal.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
