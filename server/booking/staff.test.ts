// The studio's sign-in under a flood: 1,200 requests from 40 clients for one staff address send
// it one link, and a buyer who pays meanwhile gets their links before the studio's mail queued
// ahead of them (the outbox sends buyers' mail first).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buy, CUSTOMER, retried, SITE, serviceFor, staffAddress, stoic } from '../testing/harness';

const STAFF = 'studio@example.com';

describe('the studio’s sign-in under a flood', () => {
  // A mail server that takes 200 ms a message.
  const it = serviceFor({}, { delayMs: 200 });

  test('1,200 requests for one address send one link; a buyer’s mail leaves before 60 queued notices', async (t) => {
    const { service, smtp } = it;
    const signIn = (email: string, client: string) =>
      service.app.request(
        '/api/studio/sign-in',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: SITE },
          body: JSON.stringify({ email }),
        },
        { incoming: { socket: { remoteAddress: client } } },
      );
    const answers = await Promise.all(
      Array.from({ length: 1200 }, (_, n) => signIn(STAFF, `127.0.1.${n % 40}`)),
    );
    assert.ok(answers.every((answer) => answer.status === 202));
    // Sixty other staff ask at once: sixty links queued before the buyer pays.
    const desks = Array.from({ length: 60 }, () => staffAddress());
    for (const desk of desks) await signIn(desk, '127.0.2.1');
    const paidAt = Date.now();
    const { response } = await buy(service, [stoic]);
    assert.equal(response.status, 200);
    const mail = () => smtp.messages.findIndex((m) => m.to?.[0]?.address === CUSTOMER.email);
    await retried(() => mail() >= 0);
    t.diagnostic(`the buyer's links arrived ${Date.now() - paidAt} ms after payment`);
    const before = smtp.messages
      .slice(0, mail())
      .filter((m) => desks.includes(m.to?.[0]?.address ?? ''));
    assert.ok(before.length < 30, `${before.length} notices went before the buyer's links`);
    await retried(() =>
      desks.every((desk) => smtp.messages.some((m) => m.to?.[0]?.address === desk)),
    );
    await service.settled();
    assert.equal(smtp.messages.filter((m) => m.to?.[0]?.address === STAFF).length, 1);
  });
});
