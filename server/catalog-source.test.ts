// The shop's catalogue as the site publishes it (/catalog.json): the service prices, sells and
// writes from the copy the live site serves, refreshed without a restart, kept on disk for a
// restart while the site is down, and refused when it does not validate.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { orderTotalCents } from '@/lib/shared/order';
import {
  atPayPal,
  buy,
  catalogWith,
  createOrder,
  earthy,
  retried,
  serveCatalog,
  shopCatalog,
  start,
  stoic,
  type Receipt,
} from './testing/harness';
import { startSmtpCapture } from './testing/smtp-capture';

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
      assert.equal(health.catalog.version, shopCatalog.version);
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
      site.publish({ ...shopCatalog, packs: [{ ...stoic, priceCents: -1 }] });
      await retried(() =>
        logs.some(
          (line) =>
            line.msg === 'catalogue not refreshed' &&
            String(line.reason).startsWith('invalid: packs.0.priceCents'),
        ),
      );
      assert.equal(service.catalog.current()!.version, shopCatalog.version);
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
