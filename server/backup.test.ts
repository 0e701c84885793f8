// `npm run backup`: a copy taken while orders arrive restores into a fresh service that still
// delivers every order the copy holds.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serve } from '@hono/node-server';
import { backup } from './backup-cli';
import { createFakePayPal } from './fake-paypal';
import {
  approve,
  capture,
  createOrder,
  earthy,
  regal,
  start,
  stoic,
  type Receipt,
} from './testing/harness';

test('a backup taken during a burst of orders restores into a service that delivers them', async () => {
  // One PayPal for both services, as in production (the buyers here ask for no webhooks).
  const fake = createFakePayPal({
    clientId: 'local-client',
    clientSecret: 'local-secret',
    webhookId: 'LOCALWEBHOOK01',
    webhookUrl: () => null,
  });
  const paypal = await new Promise<{ url: string; close(): void }>((resolve) => {
    const server = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
  const shared = {
    fakePayPalPort: null,
    paypal: { ...(await configPayPal()), apiBase: paypal.url },
  };
  const first = await start(null, shared);
  const file = path.join(first.dir, 'backup', 'orders.sqlite');
  const packs = [[stoic], [earthy, regal], [regal]];
  const orders: { id: string; email: string }[] = [];
  try {
    const buyers = Array.from({ length: 24 }, (_, n) => `buyer${n}@example.com`);
    let copied: string | null = null;
    await Promise.all(
      buyers.map(async (email, n) => {
        const id = (
          (await (await createOrder(first.service, packs[n % 3]!, { email })).json()) as {
            id: string;
          }
        ).id;
        orders.push({ id, email });
        await approve(first.service, id, { webhook: false });
        // Half-way through the burst the studio's timer takes the backup.
        if (orders.length === 12) copied = await backup(first.config.databasePath, file);
        assert.equal((await capture(first.service, id, email)).status, 200);
      }),
    );
    assert.ok(copied);
  } finally {
    await first.service.close();
  }

  // The server's disk is lost; a fresh service starts on the backup.
  const restored = await start(null, { ...shared, databasePath: file });
  try {
    const known = orders.filter(({ id }) => restored.service.store.findOrder(id));
    assert.ok(known.length >= 12, `the copy holds ${known.length} orders`);
    for (const { id, email } of known) {
      const answer = await capture(restored.service, id, email);
      assert.equal(answer.status, 200, id);
      assert.ok(((await answer.json()) as Receipt).downloads.length > 0);
      const links = restored.service.store.liveLinks(id, Date.now());
      assert.ok(links.length > 0);
    }
  } finally {
    await restored.service.close();
    paypal.close();
    rmSync(first.dir, { recursive: true, force: true });
    rmSync(restored.dir, { recursive: true, force: true });
  }
});

async function configPayPal() {
  const { loadConfig } = await import('./config');
  return loadConfig({ NODE_ENV: 'test' }).paypal;
}
