// A restore from a backup taken before a discount code was made (a flash sale): every order PayPal
// says was paid with it is restored with what its seal says was sold, and no buyer meets a 500.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import { backup } from '../cli/backup';
import { startSmtpCapture } from '../testing/smtp-capture';
import {
  addCode,
  approve,
  ask,
  atPayPal,
  buy,
  paidOrder,
  retried,
  capture,
  captureAtPayPal,
  createOrder,
  lostAndRestored,
  regal,
  start,
  stoic,
  STUDIO,
  type Receipt,
} from '../testing/harness';

test('a code made after the backup: reconcile, the fresh-links form and the capture restore its orders', async () => {
  const { smtp, first, file, restore, end } = await lostAndRestored();
  const backedUpAt = Date.now();
  await backup(first.config.databasePath, file);
  // After the backup: a flash sale's code, five orders paid (three with it), one approved only.
  addCode(first.service, 'FLASH30', { value: 30 });
  const paid: { id: string; email: string; code: boolean }[] = [];
  const order = async (n: number, code: boolean) => {
    const email = `flash${n}@example.com`;
    const created = await createOrder(first.service, [n % 2 ? stoic : regal], {
      email,
      ...(code ? { code: 'FLASH30' } : {}),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: string };
    await approve(first.service, id, { webhook: false });
    return { id, email, code };
  };
  for (let n = 0; n < 5; n += 1) {
    const made = await order(n, n < 3);
    // The service's capture reached PayPal, and then the disk was lost.
    await captureAtPayPal(first.service, made.id);
    paid.push(made);
  }
  const inWindow = await order(9, true);
  await first.service.settled();
  await first.service.close();

  const restored = await restore();
  const { service } = restored;
  try {
    assert.equal(service.store.findCode('FLASH30'), null, 'the copy predates the code');
    // The fresh-links form for the first: restored and delivered, in words, never a 500.
    const [byForm, ...rest] = paid;
    const form = await ask(service, '/api/orders/resend', {
      orderId: byForm!.id,
      email: byForm!.email,
    });
    assert.equal(form.status, 202, await form.clone().text());
    // The buyer who approved during the restore pays and gets the links.
    const captured = await capture(service, inWindow.id, inWindow.email);
    assert.equal(captured.status, 200, await captured.clone().text());
    assert.equal(((await captured.json()) as Receipt).discount?.code, 'FLASH30');

    // The rest, from PayPal's transactions since the backup: none stops the others.
    const done = await service.reconcile(new Date(backedUpAt - 60_000));
    assert.equal(done.failed.length, 0, JSON.stringify(done.failed));
    assert.equal(done.delivered, rest.length);
    for (const { id, code } of paid) {
      const record = service.store.findOrder(id)!;
      assert.equal(record.status, 'paid', id);
      assert.equal(record.discountCode, code ? 'FLASH30' : null, id);
    }
    // The code is known again as a record of its uses: restored, not sellable.
    const restoredCode = service.store.findCode('FLASH30')!;
    assert.equal(restoredCode.disabled, true);
    assert.ok(restoredCode.restoredAt);
    assert.equal(service.store.codes().find((c) => c.code === 'FLASH30')!.uses, 4);
    const refused = await createOrder(service, [stoic], { code: 'FLASH30' });
    assert.equal(refused.status, 422);
    await service.settled();
    // The studio hears of it once, by name.
    const notices = smtp.messages.filter(
      (m) => m.to?.[0]?.address === STUDIO && /FLASH30/.test(m.subject ?? ''),
    );
    assert.equal(notices.length, 1, notices.map((m) => m.subject).join('; '));
    assert.match(notices[0]!.text!, /after the backup/);
    // The studio adds it again to sell it: its uses are kept.
    addCode(service, 'FLASH30', { value: 30, usageLimit: 5 });
    assert.equal(service.store.codes().find((c) => c.code === 'FLASH30')!.uses, 4);
    assert.equal((await createOrder(service, [stoic], { code: 'FLASH30' })).status, 201);
    assert.equal(service.store.addCode({ ...service.store.findCode('FLASH30')! }), false);
  } finally {
    await end();
  }
});

test('reconcile: an order that cannot be restored is counted and named, and the others go on', async () => {
  const smtp = await startSmtpCapture();
  const { service, dir } = await start(smtp.url);
  try {
    const ids: string[] = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      const created = await createOrder(service, [stoic], { email });
      const { id } = (await created.json()) as { id: string };
      await approve(service, id, { webhook: false });
      await captureAtPayPal(service, id);
      ids.push(id);
    }
    // The second order's restore fails inside the database (a disk error, say).
    const recordPaid = service.store.recordPaid;
    service.store.recordPaid = (order, ...rest) => {
      if (order.id === ids[1]) throw new Error('disk I/O error');
      return recordPaid(order, ...rest);
    };
    const done = await service.reconcile(new Date(Date.now() - 60_000));
    assert.equal(done.delivered, 2);
    assert.deepEqual(
      done.failed.map((f) => f.orderId),
      [ids[1]],
    );
    assert.match(done.failed[0]!.reason, /disk I\/O error/);
  } finally {
    await service.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a copy of a sealed order paid at PayPal: the studio hears PayPal holds money for an order the shop did not make', async () => {
  const smtp = await startSmtpCapture();
  const { service, dir } = await start(smtp.url);
  try {
    const { id: original } = await buy(service, [stoic], { email: 'first@example.com' });
    // Someone creates an order of their own at PayPal with the same purchase unit, and pays it.
    const unit = (await atPayPal(service, original)).purchase_units![0]!;
    const copy = await paidOrder(service, [stoic], {
      email: 'copier@example.com',
      change: (request) => {
        request.purchase_units[0]!.custom_id = unit.custom_id;
      },
    });
    const asked = await ask(service, '/api/orders/resend', {
      orderId: copy,
      email: 'copier@example.com',
    });
    assert.equal(asked.status, 404, 'nothing is revealed to the asker');
    await service.settled();
    await retried(() => smtp.messages.some((m) => m.subject?.includes(copy)));
    const alert = smtp.messages.find((m) => m.subject?.includes(copy))!;
    assert.equal(alert.to?.[0]?.address, STUDIO);
    assert.match(alert.text!, /PayPal holds money for an order the shop did not make/);
    assert.match(alert.text!, new RegExp(`copies the reference SJ-[0-9A-F]+ of order ${original}`));
    assert.match(alert.text!, /\$39\.99 USD/);
    assert.equal(service.store.findOrder(copy), null);
  } finally {
    await service.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
