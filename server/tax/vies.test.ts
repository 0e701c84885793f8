// The VIES client against the fake, over HTTP: each of VIES's answers read as the order records
// it, and the fake refusing what VIES refuses.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { createFakeVies } from '../testing/fake-vies';
import { createViesClient } from './vies';

describe('VIES', () => {
  let server: ServerType;
  let base = '';
  const warnings: Record<string, unknown>[] = [];
  const log = { info() {}, warn: (f: Record<string, unknown>) => warnings.push(f), error() {} };
  before(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: createFakeVies().fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        base = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  after(() => void server.close());
  const client = (apiBase = base, timeoutMs = 2000) =>
    createViesClient({ apiBase, timeoutMs, log, now: () => Date.UTC(2026, 10, 28) });

  test('registered, not registered, a member state down, no service at all', async () => {
    const valid = await client().check({ prefix: 'EL', digits: '094259216' });
    assert.deepEqual(valid, {
      number: 'EL094259216',
      check: 'valid',
      checkedAt: '2026-11-28T00:00:00.000Z',
      consultation: null,
    });
    assert.equal((await client().check({ prefix: 'DE', digits: '129273398' })).check, 'invalid');

    await fetch(`${base}/fake/member-states/AT`, {
      method: 'POST',
      body: JSON.stringify({ available: false }),
    });
    assert.equal(
      (await client().check({ prefix: 'AT', digits: 'U13585627' })).check,
      'unavailable',
    );
    assert.equal(warnings.at(-1)?.reason, 'MS_UNAVAILABLE');

    const closed = await client('http://127.0.0.1:9').check({ prefix: 'DE', digits: '136695976' });
    assert.equal(closed.check, 'unavailable');
    assert.equal(warnings.at(-1)?.reason, 'unreachable');

    // A registry that never answers: unchecked after the client's time, not a hung checkout.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = await client(`http://127.0.0.1:${port}`, 200).check({
      prefix: 'DE',
      digits: '136695976',
    });
    silent.closeAllConnections();
    silent.close();
    assert.equal(slow.check, 'unavailable');
    assert.equal(warnings.at(-1)?.reason, 'timeout');
  });

  test('the fake refuses what VIES refuses: INVALID_INPUT for a country or number of the wrong shape', async () => {
    for (const body of [
      { countryCode: 'GR', vatNumber: '094259216' },
      { countryCode: 'DE', vatNumber: 'DE136695976!' },
      { countryCode: 'DE' },
    ]) {
      const response = await fetch(`${base}/check-vat-number`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), {
        actionSucceed: false,
        errorWrappers: [{ error: 'INVALID_INPUT' }],
      });
    }
  });

  test('one answer a number and day: asked once for a burst and a day of orders, again the next day', async () => {
    let asked = 0;
    const counting = await new Promise<{ url: string; close(): void }>((resolve) => {
      const fake = createFakeVies();
      const listening = serve(
        {
          fetch: (request) => {
            asked += 1;
            return fake.fetch(request);
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        (info) => resolve({ url: `http://127.0.0.1:${info.port}`, close: () => listening.close() }),
      );
    });
    try {
      let now = Date.UTC(2026, 10, 28, 9);
      const vies = createViesClient({
        apiBase: counting.url,
        timeoutMs: 2000,
        log,
        now: () => now,
      });
      const number = { prefix: 'EL', digits: '094259216' };
      const burst = await Promise.all(Array.from({ length: 20 }, () => vies.check(number)));
      assert.ok(burst.every((answer) => answer.check === 'valid'));
      now += 23 * 60 * 60 * 1000;
      assert.equal((await vies.check(number)).check, 'valid');
      assert.equal(asked, 1);
      now += 2 * 60 * 60 * 1000;
      await vies.check(number);
      assert.equal(asked, 2, 'the next day, asked again');
    } finally {
      counting.close();
    }
  });
});
