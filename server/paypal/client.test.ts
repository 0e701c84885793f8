// The PayPal client's OAuth token: a burst of calls on a fresh service fetches one token.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve } from '@hono/node-server';
import { createFakePayPal } from '../testing/paypal/fake-paypal';
import { createPayPalClient } from './client';

test('400 calls at once on a fresh client fetch one access token', async () => {
  const fake = createFakePayPal({
    clientId: 'local-client',
    clientSecret: 'local-secret',
    webhookId: 'LOCALWEBHOOK01',
    webhookUrl: () => null,
  });
  let tokens = 0;
  const server = await new Promise<{ url: string; close(): void }>((resolve) => {
    const listening = serve(
      {
        fetch: (request) => {
          if (new URL(request.url).pathname === '/v1/oauth2/token') tokens += 1;
          return fake.fetch(request);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info) => resolve({ url: `http://127.0.0.1:${info.port}`, close: () => listening.close() }),
    );
  });
  try {
    const paypal = createPayPalClient({
      apiBase: server.url,
      clientId: 'local-client',
      clientSecret: 'local-secret',
      // 400 calls on a busy 2-core machine take their time: this test counts tokens, not seconds.
      timeoutMs: 120_000,
    });
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, n) => paypal.getOrder(`UNKNOWN${n}`)),
    );
    assert.ok(answers.every((answer) => answer === null));
    assert.equal(tokens, 1);
  } finally {
    server.close();
  }
});
