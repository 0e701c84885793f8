// A paid order is delivered whatever changed since it was sold: a restore after the catalogue
// repriced or withdrew its packs, a payment that stayed pending past its code's hold, a refund
// made after the backup (issue "Paid is delivered whatever changed since").
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { PackRef } from '@/lib/shared/order';
import { backup } from '../cli/backup';
import { packFile } from '../downloads/packs';
import { startSmtpCapture } from '../testing/smtp-capture';
import {
  addCode,
  approve,
  ask,
  atPayPal,
  buy,
  capture,
  catalogWith,
  createOrder,
  linksIn,
  onePayPal,
  paypalToken,
  publishedShop,
  refund,
  regal,
  retried,
  serviceFor,
  start,
  stoic,
  STUDIO,
  type Receipt,
  type Smtp,
} from '../testing/harness';

/** The weddings bundle as the catalogue sells it: one item delivering its member packs. */
const bundle = (): PackRef => {
  const { slug, name, priceCents, members } = publishedShop.bundles[0]!;
  return { slug, name, priceCents, members: members.map((member) => ({ slug: member, name: '' })) };
};

/**
 * A shop that sold, then lost its database: a first service sells `orders` (the backup was taken
 * before them), then a second starts on that backup, with the same PayPal and packs folder and
 * the catalogue `later` (the editor's changes since the sale).
 */
async function soldThenLost(
  smtp: Smtp,
  orders: { packs: PackRef[]; email: string; place?: { country: string; vatNumber?: string } }[],
  later: Parameters<typeof catalogWith>[0],
  /** How many of the orders were sold before the backup (it holds them). */
  backedUp = 0,
) {
  const paypal = await onePayPal();
  const packsDir = mkdtempSync(path.join(tmpdir(), 'packs-'));
  const { loadConfig } = await import('../config');
  const shared = {
    fakePayPalPort: null,
    packsDir,
    paypal: { ...loadConfig({ NODE_ENV: 'test' }).paypal, apiBase: paypal.url },
  };
  const first = await start(smtp.url, shared);
  const file = path.join(first.dir, 'backup', 'orders.sqlite');
  const since = new Date(Date.now() - 60_000);
  const sold: { id: string; email: string; total: number }[] = [];
  if (backedUp === 0) await backup(first.config.databasePath, file);
  for (const { packs, email, place } of orders) {
    const { id, response } = await buy(first.service, packs, { email, place });
    assert.equal(response.status, 200, await response.clone().text());
    sold.push({ id, email, total: ((await response.json()) as { totalCents: number }).totalCents });
    if (sold.length === backedUp) {
      await first.service.settled(); // its e-mails had left when the backup was taken
      await backup(first.config.databasePath, file);
    }
  }
  await first.service.settled();
  await first.service.close();
  const restored = await start(smtp.url, { ...shared, databasePath: file });
  restored.site.publish(catalogWith(later));
  assert.equal(await restored.service.catalog.refresh(), true);
  return {
    ...restored,
    sold,
    since,
    async close() {
      await restored.service.close();
      paypal.close();
      for (const dir of [first.dir, restored.dir, packsDir]) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

describe('a restore delivers what PayPal says was paid, whatever the catalogue says today', () => {
  test('repriced and withdrawn packs: the resend form, the capture call and reconcile each deliver once', async () => {
    const smtp = await startSmtpCapture();
    const wedding = bundle();
    const shop = await soldThenLost(
      smtp,
      [
        { packs: [stoic], email: 'form@example.com' },
        { packs: [stoic], email: 'capture@example.com' },
        { packs: [stoic], email: 'reconcile@example.com' },
        { packs: [wedding], email: 'bundle@example.com' },
        // A business whose VAT number VIES confirmed: sold net of Germany's VAT, $33.61.
        {
          packs: [stoic],
          email: 'business@example.com',
          place: { country: 'DE', vatNumber: 'DE136695976' },
        },
      ],
      (catalog) => {
        // Stoic Pack repriced 39.99 -> 40.99, the weddings bundle withdrawn.
        catalog.packs.find((pack) => pack.slug === stoic.slug)!.priceCents += 100;
        catalog.bundles = catalog.bundles.filter((each) => each.slug !== wedding.slug);
      },
    );
    const { service } = shop;
    const [byForm, byCapture, ...rest] = shop.sold;
    try {
      const sentBefore = smtp.messages.length;
      const form = await ask(service, '/api/orders/resend', {
        orderId: byForm!.id,
        email: byForm!.email,
      });
      assert.equal(form.status, 202, await form.clone().text());
      const captured = await capture(service, byCapture!.id, byCapture!.email);
      assert.equal(captured.status, 200, await captured.clone().text());
      const receipt = (await captured.json()) as Receipt & { totalCents: number };
      assert.equal(receipt.totalCents, stoic.priceCents, 'the price it was sold at');

      const reconciled = await service.reconcile(shop.since);
      assert.deepEqual(
        {
          delivered: reconciled.delivered,
          alerted: reconciled.alerted,
          refused: reconciled.refused,
        },
        { delivered: rest.length, alerted: 0, refused: 0 },
      );
      await service.settled();
      for (const { id, email, total } of shop.sold) {
        const order = service.store.findOrder(id)!;
        assert.equal(order.totalCents, total, `${id} keeps the price it was sold at`);
        const mail = smtp.messages
          .slice(sentBefore)
          .filter((m) => m.to?.[0]?.address === email || m.messageId?.startsWith(`<${id}.buyer@`));
        assert.equal(mail.length, 1, `${email}: one e-mail after the restore`);
      }
      // The withdrawn bundle delivers the packs it held when it was sold, named as today.
      const bundleOrder = shop.sold[3]!;
      const links = service.store.liveLinks(bundleOrder.id, Date.now());
      assert.deepEqual(
        links.map((link) => link.pack).sort(),
        [...wedding.members!.map((member) => member.slug)].sort(),
      );
      const bundleMail = smtp.messages.find((m) =>
        m.messageId?.startsWith(`<${bundleOrder.id}.buyer@`),
      )!;
      assert.equal(linksIn(bundleMail.text!).length, 3);
      assert.match(bundleMail.text!, /Stoic Pack/);
      // The business's order comes back as sold: net, reverse charged, its e-mail saying so.
      const business = service.store.findOrder(shop.sold[4]!.id)!;
      assert.deepEqual(
        [business.totalCents, business.lines[0]!.priceCents, business.tax?.taxCents],
        [3361, 3361, 0],
      );
      assert.deepEqual(
        [business.tax?.reverseCharged, business.tax?.pricedNet, business.tax?.business?.number],
        [true, true, 'DE136695976'],
      );
      const businessMail = smtp.messages.find((m) =>
        m.messageId?.startsWith(`<${shop.sold[4]!.id}.buyer@`),
      )!;
      assert.match(businessMail.text!, /Stoic Pack: \$33\.61 USD/);
      assert.match(businessMail.text!, /Prices net of VAT \(Germany, 19 %\)\./);
      assert.equal((await service.reconcile(shop.since)).delivered, 0, 'nothing twice');
    } finally {
      await shop.close();
      await smtp.close();
    }
  });

  test('a pack whose file is gone: the studio is alerted with the amount and the address, the buyer told', async () => {
    const smtp = await startSmtpCapture();
    const shop = await soldThenLost(
      smtp,
      [{ packs: [regal], email: 'gone@example.com' }],
      (catalog) => {
        catalog.packs = catalog.packs.filter((pack) => pack.slug !== regal.slug);
        catalog.bundles = catalog.bundles.filter((each) => !each.members.includes(regal.slug));
      },
    );
    const { service, config } = shop;
    try {
      rmSync(packFile(config.packsDir, regal.slug));
      const { id, email } = shop.sold[0]!;
      const reconciled = await service.reconcile(shop.since);
      assert.equal(reconciled.alerted, 1);
      assert.equal(reconciled.delivered, 0);
      await service.settled();
      const alert = smtp.messages.find(
        (m) => m.subject === `Paid order ${id} needs you: not delivered`,
      );
      assert.ok(alert, 'the studio is alerted');
      assert.equal(alert.to?.[0]?.address, STUDIO);
      assert.match(alert.text!, /Paid: \$39\.99 USD/);
      assert.match(alert.text!, /Buyer: /);
      assert.match(alert.text!, /regal-tones\.zip/);
      // The buyer asking for links is told the studio will write, never "no paid order".
      const form = await ask(service, '/api/orders/resend', { orderId: id, email });
      assert.equal(form.status, 409);
      assert.match(((await form.json()) as { error: string }).error, /needs the studio/);
      const again = await service.reconcile(shop.since);
      assert.equal(again.alerted, 0, 'alerted once');
      assert.equal(smtp.messages.filter((m) => m.subject === alert.subject).length, 1);
    } finally {
      await shop.close();
      await smtp.close();
    }
  });

  test('an order written in a browser with a copied custom_id and a lower price is not restored', async () => {
    const smtp = await startSmtpCapture();
    const shop = await soldThenLost(
      smtp,
      [{ packs: [stoic], email: 'genuine@example.com' }],
      () => {},
    );
    const { service } = shop;
    try {
      const genuine = await atPayPal(service, shop.sold[0]!.id);
      const unit = structuredClone(genuine.purchase_units![0]!);
      delete unit.payments;
      for (const money of [
        unit.amount,
        unit.amount.breakdown!.item_total!,
        unit.items![0]!.unit_amount,
      ])
        money.value = '1.00';
      const token = await paypalToken(service);
      const forged = (await (
        await fetch(`${service.paypalBase}/v2/checkout/orders`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...token },
          body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [unit] }),
        })
      ).json()) as { id: string };
      await approve(service, forged.id, { webhook: false });
      await fetch(`${service.paypalBase}/v2/checkout/orders/${forged.id}/capture`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Fake-PayPal-Webhook': 'off', ...token },
        body: '{}',
      });
      const form = await ask(service, '/api/orders/resend', {
        orderId: forged.id,
        email: 'genuine@example.com',
      });
      assert.notEqual(form.status, 202);
      assert.equal(service.store.findOrder(forged.id), null, 'nothing recorded for $1.00');
      assert.equal(service.store.liveLinks(forged.id, Date.now()).length, 0);
    } finally {
      await shop.close();
      await smtp.close();
    }
  });
});

describe('a pending payment keeps its code while PayPal holds it, and is delivered when it completes', () => {
  const it = serviceFor({ codeHoldMs: 50 });

  test('a pending payment PayPal denies gives its code back, and delivers nothing', async () => {
    const { service, smtp } = it;
    addCode(service, 'BOUNCED', { usageLimit: 1 });
    const pending = await buy(service, [stoic], {
      code: 'BOUNCED',
      email: 'bounced@example.com',
      capture: 'pending',
      webhook: true,
    });
    assert.equal(pending.response.status, 202);
    assert.equal(service.store.codeUses('BOUNCED', Date.now() + 60_000), 1, 'held while pending');
    await fetch(`${service.paypalBase}/fake/orders/${pending.id}/deny`, { method: 'POST' });
    await retried(() => service.store.codeUses('BOUNCED', Date.now()) === 0);
    assert.equal(service.store.findOrder(pending.id)!.status, 'created');
    await service.settled();
    assert.equal(
      smtp.messages.filter((m) => m.to?.[0]?.address === 'bounced@example.com').length,
      0,
    );
  });

  test("past the hold: the code is still the pending buyer's, and the completed payment is delivered", async () => {
    const { service, smtp } = it;
    addCode(service, 'LASTONE', { usageLimit: 1 });
    const pending = await buy(service, [stoic], {
      code: 'LASTONE',
      email: 'echeck@example.com',
      capture: 'pending',
      webhook: true,
    });
    assert.equal(pending.response.status, 202);
    const answer = (await pending.response.json()) as { pending?: boolean };
    assert.equal(answer.pending, true);
    await new Promise((resolve) => setTimeout(resolve, 120)); // past CODE_HOLD_MINUTES

    // Another buyer asks for the same code: its last use is still the pending payment's.
    const other = await createOrder(service, [regal], {
      code: 'LASTONE',
      email: 'late@example.com',
    });
    assert.equal(other.status, 422);
    assert.equal(((await other.json()) as { reason: string }).reason, 'used-up');

    // The e-check clears: PayPal's webhook delivers it, and the buyer's checkout gets the links.
    await fetch(`${service.paypalBase}/fake/orders/${pending.id}/complete`, { method: 'POST' });
    await retried(() => service.store.findOrder(pending.id)?.status !== 'created');
    const again = await capture(service, pending.id, 'echeck@example.com');
    assert.equal(again.status, 200, await again.clone().text());
    await service.settled();
    const mail = smtp.messages.filter((m) => m.to?.[0]?.address === 'echeck@example.com');
    assert.equal(mail.length, 1);
    assert.equal(linksIn(mail[0]!.text!).length, 1);
    assert.equal(service.store.codeUses('LASTONE', Date.now()), 1);
  });

  test('a payment completed after the limit was reached is delivered at its price, and the studio told', async () => {
    const { service, smtp } = it;
    addCode(service, 'ONEMORE', { usageLimit: 1 });
    // The capture's answer was lost: the service never learned the payment was pending, and the
    // code's hold lapsed while another order took the last use.
    const created = await createOrder(service, [stoic], {
      code: 'ONEMORE',
      email: 'slow@example.com',
    });
    const { id } = (await created.json()) as { id: string };
    await approve(service, id, { approvedEvent: false, capture: 'pending' });
    assert.ok(service.store.takeCode('ONEMORE', 'SJ-THELASTUSE1', Date.now(), Date.now() + 60_000));
    await fetch(`${service.paypalBase}/v2/checkout/orders/${id}/capture`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await paypalToken(service)) },
      body: '{}',
    });
    await fetch(`${service.paypalBase}/fake/orders/${id}/complete`, { method: 'POST' });
    await retried(() => service.store.findOrder(id)?.status !== 'created');
    await service.settled();
    const order = service.store.findOrder(id)!;
    assert.equal(order.discountCode, 'ONEMORE');
    assert.equal(order.totalCents, Math.round(stoic.priceCents * 0.8));
    assert.equal(smtp.messages.filter((m) => m.to?.[0]?.address === 'slow@example.com').length, 1);
    const notice = smtp.messages.find((m) =>
      m.subject?.startsWith('Code ONEMORE used once past its limit'),
    );
    assert.ok(notice, 'the studio is told');
    assert.match(notice.text!, /pending/);
  });
});

describe('reconcile reads only times it can name', () => {
  test('ISO dates and times, and backup file names; "1" and "Nov 25" are refused, not read as 2001', async () => {
    const { momentOf } = await import('../cli/reconcile');
    assert.equal(momentOf('2026-11-25')?.toISOString(), '2026-11-25T00:00:00.000Z');
    assert.equal(momentOf('2026-11-25T06:00Z')?.toISOString(), '2026-11-25T06:00:00.000Z');
    assert.equal(
      momentOf('orders-2026-11-25T06-00-00Z.sqlite')?.toISOString(),
      '2026-11-25T06:00:00.000Z',
    );
    for (const text of ['1', 'Nov 25', '25/11/2026', 'yesterday', '2026-13-01']) {
      assert.equal(momentOf(text), null, text);
    }
  });
});

describe('a refund made after the backup stays a refund after the restore', () => {
  test('reconcile replays the refund: links revoked, nothing sent again', async () => {
    const smtp = await startSmtpCapture();
    const shop = await soldThenLost(
      smtp,
      [
        { packs: [stoic], email: 'kept@example.com' },
        { packs: [regal], email: 'refunded@example.com' },
      ],
      () => {},
      2,
    );
    const { service } = shop;
    try {
      const [kept, refunded] = [shop.sold[0]!, shop.sold[1]!];
      // The studio refunded the second order in PayPal after the backup; nobody told this service.
      assert.equal(
        (await refund(service, refunded.id, { headers: { 'Fake-PayPal-Webhook': 'off' } })).status,
        201,
      );
      const sentBefore = smtp.messages.length;
      assert.ok(
        ['paid', 'delivered'].includes(service.store.findOrder(refunded.id)!.status),
        'paid, as the backup had it',
      );
      const reconciled = await service.reconcile(shop.since);
      assert.equal(reconciled.held, 2);
      assert.equal(reconciled.refunded, 1);
      await service.settled();
      assert.notEqual(service.store.findOrder(kept.id)!.status, 'refunded');
      assert.equal(service.store.findOrder(refunded.id)!.status, 'refunded');
      assert.ok(service.store.liveLinks(kept.id, Date.now()).length > 0);
      assert.equal(service.store.liveLinks(refunded.id, Date.now()).length, 0);
      const toRefunded = smtp.messages
        .slice(sentBefore)
        .filter((m) => m.to?.[0]?.address === 'refunded@example.com');
      assert.equal(toRefunded.length, 0, 'no links sent again for a refunded order');
      assert.equal((await service.reconcile(shop.since)).refunded, 0, 'replayed once');
    } finally {
      await shop.close();
      await smtp.close();
    }
  });
});
