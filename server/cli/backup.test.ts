// `npm run backup`: a copy taken while orders arrive restores into a fresh service that still
// delivers every order the copy holds.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { backup } from './backup';
import { FAKE_PAYER } from '../testing/paypal/fake-paypal';
import { startSmtpCapture } from '../testing/smtp-capture';
import {
  approve,
  capture,
  captureAtPayPal,
  createOrder,
  ask,
  earthy,
  linksIn,
  lostAndRestored,
  regal,
  start,
  stoic,
  type Receipt,
} from '../testing/harness';

test('a backup taken during a burst of orders restores into a service that delivers them', async () => {
  // One PayPal for both services, as in production (the buyers here ask for no webhooks).
  const { first, file, restore, end } = await lostAndRestored();
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
  const restored = await restore();
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
    await end();
  }
});

test('restored, then reconciled with PayPal: every paid order delivered once, every earlier link honoured', async () => {
  const { smtp, first, file, restore, end } = await lostAndRestored();
  const packs = [[stoic], [earthy, regal], [regal]];
  const orders: { id: string; email: string }[] = [];
  // Buyers in Germany, whose prices include VAT: a restored order takes its tax from PayPal's record.
  const pay = async (n: number) => {
    const email = `buyer${n}@example.com`;
    const created = await createOrder(first.service, packs[n % 3]!, {
      email,
      place: { country: 'DE' },
    });
    const { id } = (await created.json()) as { id: string };
    orders.push({ id, email });
    await approve(first.service, id, { webhook: false, payerCountry: 'DE' });
    assert.equal((await capture(first.service, id, email)).status, 200);
    return id;
  };
  let backedUpAt = 0;
  try {
    // A burst of 24 orders, the backup taken half-way through it; then 8 more after it.
    await Promise.all(
      Array.from({ length: 24 }, async (_, n) => {
        await pay(n);
        if (orders.length === 12) {
          backedUpAt = Date.now();
          await backup(first.config.databasePath, file);
        }
      }),
    );
    for (let n = 24; n < 32; n += 1) await pay(n);
    await first.service.settled();
  } finally {
    await first.service.close();
  }
  const buyerMail = (id: string) =>
    smtp.messages.filter((m) => m.messageId?.startsWith(`<${id}.buyer@`));
  const linksOf = new Map(orders.map(({ id }) => [id, linksIn(buyerMail(id)[0]!.text!)]));
  const sentBefore = smtp.messages.length;

  // The disk is lost; a fresh service starts on the backup.
  const restored = await restore();
  const { service } = restored;
  try {
    // The same public address as before (PUBLIC_URL): the links point at the restored service.
    const at = (link: string) => link.replace(/^http:\/\/[^/]+/, service.url);
    const lacking = orders.filter(({ id }) => !service.store.findOrder(id));
    assert.ok(lacking.length >= 8, `${lacking.length} orders paid after the backup`);
    // Created before the copy, paid after it: the copy holds them unpaid.
    const unpaidInCopy = orders.filter(
      ({ id }) => service.store.findOrder(id)?.status === 'created',
    );
    const [byLink, byForm, ...rest] = lacking as [Order, Order, ...Order[]];

    // A link e-mailed before the restore, of an order the database lacks: its page sends fresh
    // links in one step, to the address given at checkout.
    const page = await fetch(at(linksOf.get(byLink.id)![0]!), { headers: { Accept: 'text/html' } });
    assert.equal(page.status, 404);
    assert.match(await page.text(), /restoring[\s\S]*Send fresh links/);
    const restore = await fetch(`${at(linksOf.get(byLink.id)![0]!)}/restore`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams({ email: byLink.email }),
    });
    assert.equal(restore.status, 200);
    assert.match(await restore.text(), /on their way/);

    // The fresh-links form, for another: looked up at PayPal, recorded and delivered.
    const form = await ask(service, '/api/orders/resend', {
      orderId: byForm.id,
      email: byForm.email,
    });
    assert.equal(form.status, 202);
    assert.equal(service.store.findOrder(byForm.id)!.email, byForm.email);

    // The rest, found in PayPal's transactions since the backup.
    const since = new Date(backedUpAt - 60_000);
    const reconciled = await service.reconcile(since);
    assert.equal(reconciled.delivered, rest.length + unpaidInCopy.length);
    assert.equal((await service.reconcile(since)).delivered, 0, 'a second run delivers nothing');
    await service.settled();

    for (const { id, email } of orders) {
      const order = service.store.findOrder(id)!;
      assert.ok(['paid', 'delivered'].includes(order.status), `${id} ${order.status}`);
      // The address given at checkout, which PayPal never held: the buyer's own request proves
      // it; the reconciliation, which has only PayPal's record, sends to the PayPal account's.
      const reconciled =
        !unpaidInCopy.some((each) => each.id === id) && rest.some((each) => each.id === id);
      assert.equal(order.email, reconciled ? FAKE_PAYER.email_address : email, id);
      // Its tax, from the record or, for an order the copy lacked, PayPal's payer country.
      assert.deepEqual([order.tax?.country, order.tax?.rate], ['DE', 19], id);
      assert.equal(order.tax!.taxCents + order.tax!.netCents, order.totalCents, id);
      // Exactly one order e-mail per order: the restored service's, if any, is the same message.
      assert.equal(new Set(buyerMail(id).map((m) => m.messageId)).size, 1, id);
      const again = smtp.messages
        .slice(sentBefore)
        .filter((m) => m.messageId?.startsWith(`<${id}.buyer@`));
      assert.ok(again.length <= 1, `${id} e-mailed ${again.length} times after the restore`);
      if (lacking.some((each) => each.id === id)) assert.equal(again.length, 1, `${id} delivered`);
    }
    // The checkout address of a reconciled order takes it back, proved by the order's seal.
    const taken = await ask(service, '/api/orders/resend', {
      orderId: rest[0]!.id,
      email: rest[0]!.email,
    });
    assert.equal(taken.status, 202);
    assert.equal(service.store.findOrder(rest[0]!.id)!.email, rest[0]!.email);

    // Every link a buyer received before the restore still downloads.
    const statuses = await Promise.all(
      [...linksOf.values()].flat().map(async (link) => (await fetch(`${at(link)}/file`)).status),
    );
    assert.deepEqual(
      [...new Set(statuses)],
      [200],
      `${statuses.filter((s) => s !== 200).length} of ${statuses.length} links refused`,
    );
  } finally {
    await end();
  }
});

type Order = { id: string; email: string };

test("restored while buyers were in PayPal's window: they still pay, and a capture whose answer was lost is delivered", async () => {
  const { smtp, first, file, restore, end } = await lostAndRestored();
  await backup(first.config.databasePath, file);
  const order = async (email: string) => {
    const created = await createOrder(first.service, [regal], { email });
    const { id } = (await created.json()) as { id: string };
    await approve(first.service, id, { webhook: false });
    return id;
  };
  const inWindow = await order('window@example.com');
  const lostAnswer = await order('lost@example.com');
  const stranger = await order('owner@example.com');
  // The service's capture reached PayPal, and then the disk was lost.
  await captureAtPayPal(first.service, lostAnswer);
  await first.service.close();

  const restored = await restore();
  const { service } = restored;
  try {
    assert.equal(service.store.findOrder(inWindow), null, 'the copy predates these orders');
    for (const [id, email] of [
      [inWindow, 'window@example.com'],
      [lostAnswer, 'lost@example.com'],
    ] as const) {
      const answer = await capture(service, id, email);
      assert.equal(answer.status, 200, await answer.clone().text());
      assert.equal(((await answer.json()) as Receipt).downloads.length, 1);
      assert.equal(service.store.findOrder(id)!.email, email);
    }
    assert.equal((await capture(service, stranger, 'someone@example.com')).status, 404);
    await service.settled();
    for (const email of ['window@example.com', 'lost@example.com']) {
      assert.equal(smtp.messages.filter((m) => m.to?.[0]?.address === email).length, 1, email);
    }
  } finally {
    await end();
  }
});

test('npm run reconcile: a payment the database lacks is recorded once, and the service sends it', async () => {
  const smtp = await startSmtpCapture();
  const { service, config, site, dir } = await start(smtp.url);
  try {
    // Paid at PayPal; the service never heard of the capture (its database was restored since).
    const created = await createOrder(service, [stoic], { email: 'cli@example.com' });
    const { id } = (await created.json()) as { id: string };
    await approve(service, id, { webhook: false });
    await captureAtPayPal(service, id);
    const run = (since: string) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/cli/reconcile.ts', '--since', since],
        {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_PATH: config.databasePath,
            DATA_DIR: dir,
            PAYPAL_API_BASE: service.paypalBase,
            CATALOG_URL: site.url,
            PUBLIC_URL: service.url,
          },
        },
      );
    const stamp = new Date(Date.now() - 60_000)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-');
    const first = await run(`orders-${stamp}.sqlite`);
    assert.match(first.stdout, /page 1 of 1/);
    assert.match(first.stdout, /Reconciled 1 payments: 1 orders delivered now/);
    assert.equal(service.store.findOrder(id)!.status, 'paid');
    const again = await run(new Date(Date.now() - 60_000).toISOString());
    assert.match(again.stdout, /0 orders delivered now, 1 held already/);
    await service.settled(); // the service's outbox sends what the command queued
    const toBuyer = smtp.messages.filter((m) => m.to?.[0]?.address === 'cli@example.com');
    assert.equal(toBuyer.length, 1);
    assert.equal((await fetch(linksIn(toBuyer[0]!.text!)[0]!)).status, 200);
    const usage = await run('not a time').catch((error: { code: number; stderr: string }) => error);
    assert.equal((usage as { code: number }).code, 2);
  } finally {
    await service.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
