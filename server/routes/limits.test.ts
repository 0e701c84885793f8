// Limits that hold: a code limited to N is used at most N times whatever the timing (orders a
// browser created, holds that lapse, reservations in the same millisecond, one client holding
// uses); money kept is never told "nothing was charged"; an approved order whose tab closed is
// still captured; PayPal's own webhooks are never rate-limited.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, test } from 'node:test';
import { REFUSAL } from './confirmation';
import {
  addCode,
  approve,
  buy,
  ask,
  atPayPal,
  body,
  capture,
  captureAtPayPal,
  confirm,
  createOrder,
  earthy,
  paidOrder,
  refund,
  regal,
  retried,
  serviceFor,
  start,
  withService,
  stoic,
  STUDIO,
  type Receipt,
  type Service,
  forgedWebhook,
} from '../testing/harness';
import { openStore } from '../database';

const idOf = async (response: Response) => {
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
};

const tenOff = { code: 'ONCE', cents: Math.round(stoic.priceCents * 0.1) };

describe('a code limited to N is used at most N times', () => {
  const it = serviceFor({ codeHoldMs: 300 });
  const uses = (code: string) => it.service.store.codes().find((each) => each.code === code)!.uses;

  test('orders a browser created with the code: one delivered, the rest refused and the studio told', async () => {
    addCode(it.service, 'ONCE', { kind: 'percent', value: 10, usageLimit: 1 });
    const orders = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        paidOrder(it.service, [stoic], { discount: tenOff, email: `buyer${n}@example.com` }),
      ),
    );
    const answers = await Promise.all(
      orders.map((orderId, n) =>
        confirm(
          it.service,
          body(orderId, {
            customerDetails: {
              ...body(orderId).customerDetails,
              email: `buyer${n + 1}@example.com`,
            },
            purchasedItems: [stoic.name],
            totalAmount: ((stoic.priceCents - tenOff.cents) / 100).toFixed(2),
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [200, 422, 422, 422, 422]);
    for (const answer of answers.filter((each) => each.status === 422)) {
      assert.equal(((await answer.json()) as { error: string }).error, REFUSAL);
    }
    assert.equal(uses('ONCE'), 1);
    await it.service.settled();
    const alerts = it.smtp.messages.filter(
      (m) => m.to?.[0]?.address === STUDIO && /needs you/.test(m.subject ?? ''),
    );
    assert.equal(alerts.length, 4, 'the studio settles each paid order by hand');
  });

  test('the first buyer to approve takes the last use; a later approval is not captured', async () => {
    addCode(it.service, 'LATE', { usageLimit: 1 });
    const late = await idOf(await createOrder(it.service, [regal], { code: 'LATE' }));
    const prompt = await idOf(await createOrder(it.service, [regal], { code: 'LATE' }));

    await approve(it.service, prompt, { webhook: false });
    assert.equal((await capture(it.service, prompt)).status, 200);

    await approve(it.service, late, { webhook: false });
    const refused = await capture(it.service, late);
    assert.equal(refused.status, 409);
    assert.deepEqual(await refused.json(), {
      error: 'The discount code was used up by another order; nothing was charged.',
      outcome: 'code-taken',
      code: 'LATE',
    });
    assert.equal((await atPayPal(it.service, late)).status, 'APPROVED', 'not captured');
    assert.equal(uses('LATE'), 1);
  });

  test('a declined card gives the use back; the buyer who pays takes it', async () => {
    addCode(it.service, 'CARD', { usageLimit: 1 });
    const declined = await idOf(await createOrder(it.service, [regal], { code: 'CARD' }));
    await approve(it.service, declined, { webhook: false, capture: 'declined' });
    assert.equal((await capture(it.service, declined)).status, 422);
    assert.equal(it.service.store.codeUses('CARD', Date.now()), 0);
    const paid = await idOf(await createOrder(it.service, [regal], { code: 'CARD' }));
    await approve(it.service, paid, { webhook: false });
    assert.equal((await capture(it.service, paid)).status, 200);
    assert.equal(uses('CARD'), 1);
  });

  test('a hold that lapsed with a use still left is taken again, and the order paid', async () => {
    addCode(it.service, 'SLOW', { usageLimit: 1 });
    const id = await idOf(await createOrder(it.service, [earthy], { code: 'SLOW' }));
    await new Promise((resolve) => setTimeout(resolve, 350));
    await approve(it.service, id, { webhook: false });
    const paid = await capture(it.service, id);
    assert.equal(paid.status, 200);
    assert.equal(((await paid.json()) as Receipt).discount?.code, 'SLOW');
    assert.equal(uses('SLOW'), 1);
  });

  test('twenty buyers approving at once for five uses: five paid with the code', async () => {
    addCode(it.service, 'FIVE', { usageLimit: 5 });
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const email = `race${n}@example.com`;
        const id = await idOf(await createOrder(it.service, [stoic], { code: 'FIVE', email }));
        await approve(it.service, id, { webhook: false });
        return { id, email };
      }),
    );
    const statuses = await Promise.all(
      ids.map(async ({ id, email }) => (await capture(it.service, id, email)).status),
    );
    assert.equal(statuses.filter((status) => status === 200).length, 5, statuses.join());
    assert.equal(statuses.filter((status) => status === 409).length, 15);
    assert.equal(uses('FIVE'), 5);
  });
});

test('uses taken in the same millisecond count each other', () => {
  const store = openStore(':memory:');
  try {
    const now = Date.now();
    store.addCode({
      code: 'SAME',
      kind: 'percent',
      value: 10,
      packs: null,
      minimumCents: null,
      expiresAt: null,
      usageLimit: 5,
      createdAt: now,
    });
    const taken = Array.from({ length: 10 }, (_, n) =>
      store.takeCode('SAME', `SJ-${n}`, now, now + 60_000),
    );
    assert.equal(taken.filter(Boolean).length, 5);
    assert.equal(store.codeUses('SAME', now), 5);
  } finally {
    store.close();
  }
});

describe('no number of addresses can drain a code', () => {
  test('twenty addresses creating three orders each hold no use; code tries share one budget', async () => {
    await withService(null, { rateLimit: 30, trustProxyHops: 1 }, async ({ service }) => {
      addCode(service, 'SHARED', { usageLimit: 50 });
      const from = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n}` });
      const statuses = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          createOrder(service, [stoic], { code: 'SHARED', headers: from(n % 20) }).then(
            (response) => response.status,
          ),
        ),
      );
      assert.deepEqual([...new Set(statuses)], [201]);
      const held = service.store.codeUses('SHARED', Date.now());
      console.log(`uses held after 20 addresses x 3 orders: ${held} of 50`);
      assert.equal(held, 0, 'orders nobody paid hold no use');
      // A real buyer still pays with the code.
      const paid = await buy(service, [stoic], { code: 'SHARED' });
      assert.equal(paid.response.status, 200);

      // Orders with a code are tries; previews share their budget (ten a minute here).
      const client = from(99);
      for (let n = 0; n < 10; n += 1) {
        const check = await ask(
          service,
          '/api/discounts/check',
          { code: 'SHARED', items: [stoic.slug] },
          client,
        );
        assert.equal(check.status, 200);
      }
      assert.equal(
        (await createOrder(service, [stoic], { code: 'SHARED', headers: client })).status,
        429,
      );
      assert.equal(
        (await createOrder(service, [stoic], { headers: client })).status,
        201,
        'no code, no limit',
      );
    });
  });
});

describe('money kept is delivered, or refused with the studio told', () => {
  const it = serviceFor();

  /** An order captured at PayPal whose capture the service never heard of. */
  async function capturedUnheard(service: Service) {
    const id = await idOf(await createOrder(service, [stoic, earthy]));
    await approve(service, id, { webhook: false });
    await captureAtPayPal(service, id);
    return id;
  }

  test('part refunded before the service recorded the capture: delivered', async () => {
    const id = await capturedUnheard(it.service);
    assert.equal((await refund(it.service, id, { value: '5.00' })).status, 201);
    const answer = await capture(it.service, id);
    assert.equal(answer.status, 200);
    assert.equal(((await answer.json()) as Receipt).downloads.length, 2);
    await retried(() => it.service.store.findOrder(id)?.status === 'delivered');
  });

  test('refunded in full before it was recorded: "refunded", never "nothing was charged"', async () => {
    const id = await capturedUnheard(it.service);
    assert.equal((await refund(it.service, id)).status, 201);
    const answer = await capture(it.service, id);
    assert.equal(answer.status, 422);
    assert.equal(((await answer.json()) as { outcome: string }).outcome, 'refunded');
    assert.equal(it.service.store.findOrder(id)!.status, 'refunded');
    await it.service.settled();
    assert.deepEqual(
      it.smtp.messages.filter((m) => m.subject?.includes(id) && m.to?.[0]?.address !== STUDIO),
      [],
      'nothing sent to the buyer',
    );
  });

  test("approved, then the tab closed: PayPal's approval event captures and delivers, once", async () => {
    const id = await idOf(await createOrder(it.service, [regal]));
    await approve(it.service, id, { webhook: true });
    await retried(() => it.service.store.findOrder(id)?.status === 'delivered');
    const late = await capture(it.service, id); // the tab reopened
    assert.equal(late.status, 200);
    await it.service.settled();
    const order = await atPayPal(it.service, id);
    assert.equal(order.purchase_units![0]!.payments!.captures!.length, 1);
    assert.equal(
      it.smtp.messages.filter((m) => m.subject?.includes(id) && m.to?.[0]?.address !== STUDIO)
        .length,
      1,
    );
  });
});

describe("PayPal's webhooks are never rate-limited", () => {
  test('forty signed events at once pass a limit of five; a flood of forged ones from their address stops none', async () => {
    const { service, dir, logs } = await start(null, { rateLimit: 5 });
    const events = () => logs.filter((line) => line.route === '/webhooks/paypal');
    try {
      // A forger on the address PayPal's events come from (one proxy, a shared egress): 80
      // senders, 400 events with made-up signatures naming PayPal's certificate, while PayPal
      // delivers the approvals and captures of 20 orders.
      const forge = (n: number) => forgedWebhook(service, n, 'CHECKOUT.ORDER.APPROVED');
      const senders = Array.from({ length: 80 }, async (_, sender) => {
        const statuses = [];
        for (let n = 0; n < 5; n += 1) statuses.push(await forge(sender * 5 + n));
        return statuses;
      });
      await Promise.all(
        Array.from({ length: 20 }, () => paidOrder(service, [earthy], { webhook: true })),
      );
      const forged = (await Promise.all(senders)).flat();
      await retried(() => events().filter((line) => line.status === 200).length >= 40);
      assert.deepEqual([...new Set(forged)], [400]);
      const genuine = events().filter((line) => line.status !== 400);
      assert.equal(genuine.length, 40);
      assert.deepEqual([...new Set(genuine.map((line) => line.status))], [200]);
      // PayPal's own, from the same address, still pass: the approval alone captures the order.
      const created = await createOrder(service, [stoic]);
      const { id } = (await created.json()) as { id: string };
      await approve(service, id, { webhook: true });
      await retried(() => service.store.findOrder(id)?.status === 'delivered');
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
