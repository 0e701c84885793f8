// The database of an earlier version of the service opens in this one with nothing lost.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Message } from '../mail/transport';
import { statesBefore } from '../orders/states';
import { storedProposal } from '../testing/booking';
import { openStore } from '../database';
import { COPY } from '../downloads/store';

// Today's schema taken back a version at a time: each older one is the newer one's, undone further.
/** Version 12's bookings: four states, refunds summed on each payment, attempts of no generation. */
const TO_V12 = `DROP TABLE booking_refunds; DROP TABLE bookings;
  CREATE TABLE bookings (
    id TEXT PRIMARY KEY,
    proposal TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    changes TEXT,
    status TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'signed', 'cancelled')),
    generation INTEGER NOT NULL DEFAULT 1,
    withdrawnAt INTEGER,
    sentAt INTEGER,
    viewedAt INTEGER,
    createdAt INTEGER NOT NULL,
    updatedAt INTEGER NOT NULL
  );
  ALTER TABLE booking_payments ADD COLUMN refundedCents INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE booking_payments ADD COLUMN refundedAt INTEGER;
  ALTER TABLE booking_attempts DROP COLUMN generation;`;
const TO_V11 = `${TO_V12} ALTER TABLE orders DROP COLUMN timeZone;`;
const TO_V10 = `${TO_V11} DROP TABLE booking_signatures; DROP TABLE booking_documents; DROP TABLE booking_codes;
  DROP TABLE booking_payments; DROP TABLE booking_attempts; DROP TABLE booking_audit;
  DROP TABLE bookings; DROP TABLE staff_links; DROP TABLE staff_sessions;`;
const TO_V9 = `${TO_V10} ALTER TABLE codes DROP COLUMN restoredAt;`;
const TO_V8 = `${TO_V9} ALTER TABLE orders DROP COLUMN tax; DROP TABLE refunds;`;
/** Version 7 had no reviews table as today's (version 6 had none). */
const TO_V7 = `${TO_V8} DROP TABLE reviews;`;

/**
 * A database of an older version: made with today's schema, taken back by `sql`, marked `version`,
 * then opened with today's code (which migrates it). Its folder goes when the process ends.
 */
function fromVersion(version: number, sql: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `store-v${version}-`));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'orders.sqlite');
  openStore(file).close();
  const old = new Database(file);
  old.exec(sql);
  old.pragma(`user_version = ${version}`);
  old.close();
  return openStore(file);
}

test('a version 2 database is brought to version 3: orders, links, e-mails and code uses kept', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-v2-'));
  const file = path.join(dir, 'orders.sqlite');
  const old = new Database(file);
  old.exec(readFileSync(new URL('../testing/schema-v2.sql', import.meta.url), 'utf8'));
  old.exec(`
    INSERT INTO orders VALUES ('5O190127TN364715T', 'meera@example.com', 'Meera', '1', 'Lane',
      '[{"sku":"stoic-pack","name":"Stoic Pack","priceCents":3999,"quantity":1}]', 3199, 'USD',
      'LAUNCH20', 800, 'browser', 'delivered', 1000, 2000);
    INSERT INTO links VALUES ('link-1', '5O190127TN364715T', 'stoic-pack', 9999999999999, 2, NULL);
    INSERT INTO outbox (orderId, kind, recipient, message, status, nextAttemptAt, createdAt)
      VALUES ('5O190127TN364715T', 'buyer', 'meera@example.com', '{}', 'sent', 1000, 1000);
    INSERT INTO codes (code, kind, value, usageLimit, createdAt) VALUES ('LAUNCH20', 'percent', 20, 5, 1);
    INSERT INTO code_uses VALUES ('LAUNCH20', '5O190127TN364715T', 1000);
  `);
  old.pragma('user_version = 2');
  old.close();
  try {
    const store = openStore(file);
    const order = store.findOrder('5O190127TN364715T')!;
    assert.equal(order.status, 'delivered');
    assert.equal(order.ref, null);
    assert.deepEqual(order.lines, [
      { slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 },
    ]);
    assert.equal(store.findLink('link-1')!.used, 2 * COPY, 'two downloads are two copies');
    assert.equal(store.codes()[0]!.uses, 1);
    assert.equal(store.codeUses('LAUNCH20', Date.now()), 1);
    assert.equal(store.ordersOf('meera@example.com').length, 1);
    store.close();
    // Opened again, it is left as it is.
    openStore(file).close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an order moves only as server/orders/states.ts allows, whatever the order of events', () => {
  assert.deepEqual(statesBefore('paid'), ['created']);
  assert.deepEqual(statesBefore('created'), []);
  assert.deepEqual(statesBefore('refunded'), ['created', 'paid', 'delivered']);
  const store = openStore(':memory:');
  try {
    const order = {
      id: 'ORDER-STATES-1',
      ref: 'SJ-0123456789AB',
      email: 'meera@example.com',
      name: 'Meera',
      phone: '1',
      address: 'Lane',
      lines: [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 as const }],
      totalCents: 3999,
      currency: 'USD',
      discountCode: null,
      discountCents: 0,
      createdAt: 1000,
      terms: null,
      tax: null,
    };
    const message: Message = { to: 'meera@example.com', subject: 's', html: '', text: 't' };
    store.createOrder(order);
    assert.equal(store.findOrder(order.id)!.status, 'created');
    assert.equal(
      store.recordPaid(
        { ...order, source: 'checkout' },
        [],
        [{ orderId: order.id, kind: 'buyer', message }],
        2000,
      ),
      true,
    );
    assert.equal(store.findOrder(order.id)!.status, 'paid');
    // Paid twice (the webhook after the capture): the second finds it recorded and writes nothing.
    assert.equal(store.recordPaid({ ...order, source: 'checkout' }, [], [], 2001), false);
    const notice = { orderId: order.id, kind: 'alert' as const, message };
    store.refundOrder(order.id, notice, 3000);
    assert.equal(store.findOrder(order.id)!.status, 'refunded');
    // Nothing leaves 'refunded': not a late e-mail, not a late payment.
    store.markSent({ id: 1, orderId: order.id, kind: 'buyer', message, attempts: 0 }, 4000);
    assert.equal(store.recordPaid({ ...order, source: 'checkout' }, [], [], 5000), false);
    assert.equal(store.findOrder(order.id)!.status, 'refunded');
  } finally {
    store.close();
  }
});

test("a link's copy: pieces counted once, a copy made whole starts the next, scattered pieces capped", () => {
  const store = openStore(':memory:');
  try {
    const order = {
      id: 'ORDER12345',
      ref: null,
      email: 'meera@example.com',
      name: 'Meera',
      phone: '',
      address: '',
      lines: [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 3999, quantity: 1 as const }],
      totalCents: 3999,
      currency: 'USD',
      discountCode: null,
      discountCents: 0,
      source: 'webhook' as const,
      createdAt: 1,
      terms: null,
      tax: null,
    };
    const link = { id: 'link-1', orderId: order.id, pack: 'stoic-pack', expiresAt: 9e12 };
    assert.equal(store.recordPaid(order, [link], [], 1), true);
    const size = 1000;
    const budget = 3 * COPY;
    const used = () => store.findLink('link-1')!.used / COPY;
    assert.deepEqual(store.spendLink('link-1', size, 0, 400, budget), [[0, 400]]);
    // A resumption from byte 300 re-asks 100 bytes: free (a quarter of the file may be).
    assert.deepEqual(store.spendLink('link-1', size, 300, 1000, budget), [[400, 1000]]);
    assert.equal(used(), 1);
    // The copy was whole: the same bytes again are the next copy's.
    assert.deepEqual(store.spendLink('link-1', size, 0, 500, budget), [[0, 500]]);
    assert.equal(used(), 1.5);
    // Cut short after 100 of those bytes: what was not sent is given back.
    store.refundLink('link-1', size, [[100, 500]]);
    assert.equal(used(), 1.1);
    // Bytes sent again past a quarter of the file cost again.
    store.spendLink('link-1', size, 0, 100, budget);
    store.spendLink('link-1', size, 0, 100, budget);
    store.spendLink('link-1', size, 0, 100, budget);
    assert.ok(Math.abs(used() - 1.15) < 1e-9, `${used()}`);
    // Scattered single bytes: the copy keeps count of at most MAX_PIECES pieces.
    let refused = 0;
    for (let at = 200; at < 1000; at += 2) {
      if (store.spendLink('link-1', size, at, at + 1, budget) === 'pieces') refused += 1;
    }
    assert.ok(refused > 0 && refused < 400);
  } finally {
    store.close();
  }
});

test('a version 12 database is brought to version 13: refunds as rows, a change asked kept, cancelling allowed', () => {
  const proposal = JSON.stringify(storedProposal());
  const store = fromVersion(
    12,
    `${TO_V12}
      INSERT INTO bookings (id, proposal, status, createdAt, updatedAt)
        VALUES ('B-AAAAAAAAAA', '${proposal}', 'signed', 1, 1);
      INSERT INTO booking_audit (bookingId, actor, action, detail, at)
        VALUES ('B-AAAAAAAAAA', 'couple', 'asked for a change', 'Later?', 5);
      INSERT INTO booking_payments (bookingId, instalment, cents, taxCents, method, payer,
          captureId, refundedCents, refundedAt, at)
        VALUES ('B-AAAAAAAAAA', 'e1', 100000, 5000, 'paypal', 'Priya', 'CAPTURE1', 40000, 7, 3);
      INSERT INTO booking_attempts (paypalOrderId, bookingId, instalment, cents, payer, holder,
          heldUntil, createdAt)
        VALUES ('ORDER1', 'B-AAAAAAAAAA', 'e1', 100000, 'Priya', 'h', 0, 2);
  `,
  );
  try {
    const [payment] = store.bookings.payments('B-AAAAAAAAAA');
    assert.deepEqual([payment!.refundedCents, payment!.refundedAt], [40000, 7]);
    assert.deepEqual(
      store.bookings.taxedRefunds(0, 10).map((r) => [r.id, r.cents, r.taxCents, r.reason]),
      [['before-v13:B-AAAAAAAAAA:e1', 40000, 2000, 'before-v13']],
    );
    assert.equal(store.bookings.get('B-AAAAAAAAAA')!.changeAskedAt, 5);
    assert.equal(store.bookings.findAttempt('ORDER1')!.generation, null);
    assert.equal(
      store.bookings.claimCancel('B-AAAAAAAAAA', 30000, 'studio', 9, 'cancelling'),
      true,
    );
    assert.equal(store.bookings.get('B-AAAAAAAAAA')!.status, 'cancelling');
    // A refund never passes what the payment took.
    const refund = { bookingId: 'B-AAAAAAAAAA', instalment: 'e1', reason: 'cancellation' as const };
    assert.equal(
      store.bookings.refunded({ ...refund, id: 'R1', cents: 60001, at: 9 }, 's', 'refund'),
      false,
    );
    assert.equal(
      store.bookings.refunded({ ...refund, id: 'R1', cents: 60000, at: 9 }, 's', 'refund'),
      true,
    );
    assert.equal(
      store.bookings.refunded({ ...refund, id: 'R1', cents: 60000, at: 9 }, 's', 'refund'),
      false,
    );
  } finally {
    store.close();
  }
});

test('a version 10 database is brought to version 11: its orders kept, bookings taken', () => {
  const store = fromVersion(10, TO_V10);
  const at = Date.now();
  store.bookings.create('B-AAAAAAAAAA', storedProposal(), 'studio@example.com', at);
  assert.equal(store.bookings.get('B-AAAAAAAAAA')!.status, 'draft');
  assert.deepEqual(
    store.bookings.audit('B-AAAAAAAAAA').map((line) => line.action),
    ['created'],
  );
  store.close();
});

test('a version 9 database is brought to version 10: its codes kept, sellable, none restored', () => {
  const store = fromVersion(
    9,
    `${TO_V9}
      INSERT INTO codes (code, kind, value, createdAt) VALUES ('SPRING', 'percent', 20, 1);
  `,
  );
  try {
    const code = store.findCode('SPRING')!;
    assert.equal(code.disabled, false);
    assert.equal(code.restoredAt, null);
    assert.equal(store.restoreCode('SPRING', 500, 2), false, 'a known code is not restored');
    assert.equal(store.restoreCode('FLASH', 500, 2), true);
    assert.equal(store.findCode('FLASH')!.disabled, true);
  } finally {
    store.close();
  }
});

test('a version 8 database is brought to version 9: its orders kept, with no tax recorded, and taxable', () => {
  // Version 8's orders table: without the tax column; and no refunds table.
  const store = fromVersion(
    8,
    `${TO_V8}
      INSERT INTO orders (id, ref, email, name, phone, address, lines, totalCents, currency,
          discountCents, source, status, createdAt)
        VALUES ('ORDER8', 'SJ-000000000008', 'a@example.com', 'A B', '', '', '[]', 3999, 'USD',
          0, 'checkout', 'delivered', 1);
  `,
  );
  try {
    assert.equal(store.findOrder('ORDER8')!.totalCents, 3999);
    assert.equal(store.findOrder('ORDER8')!.tax, null);
    const tax = {
      evidence: { given: 'DE', givenRegion: null, paypal: 'DE', paypalRegion: null, cdn: null },
      country: 'DE',
      region: null,
      scheme: 'eu-oss',
      schemeName: 'EU VAT, non-Union OSS',
      number: 'EU124000001',
      tax: 'VAT',
      place: 'Germany',
      rate: 19,
      taxCents: 638,
      netCents: 3361,
    };
    store.setTax('ORDER8', tax);
    assert.deepEqual(store.findOrder('ORDER8')!.tax, tax);
    // And its refunds, each once.
    const given = { id: 'REFUND-1', orderId: 'ORDER8', cents: 1000, taxCents: 160, at: 5 };
    assert.equal(store.recordRefund(given), true);
    assert.equal(store.recordRefund(given), false);
    assert.deepEqual(store.refundsBetween(0, 10), [given]);
  } finally {
    store.close();
  }
});

test('a version 7 database is brought to version 8: its reviews kept, each withdrawable', () => {
  // Version 7's reviews table (and orders without their tax), with one review of a refunded order.
  const store = fromVersion(
    7,
    `${TO_V7}
      CREATE TABLE reviews (
        orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        pack TEXT NOT NULL,
        file TEXT NOT NULL UNIQUE,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL,
        PRIMARY KEY (orderId, pack)
      );
      INSERT INTO orders (id, ref, email, name, phone, address, lines, totalCents, currency,
          discountCents, source, status, createdAt)
        VALUES ('ORDER7', 'SJ-000000000007', 'a@example.com', 'A B', '', '', '[]', 3999, 'USD',
          0, 'checkout', 'refunded', 1);
      INSERT INTO reviews VALUES ('ORDER7', 'stoic-pack', 'stoic-pack-2026-11-abc.json', 2, 3);
  `,
  );
  try {
    assert.equal(store.findReview('ORDER7', 'stoic-pack')!.file, 'stoic-pack-2026-11-abc.json');
    assert.deepEqual(
      store.reviewsToWithdraw().map((review) => [review.orderId, review.withdrawnAt]),
      [['ORDER7', null]],
    );
    store.reviewWithdrawn('ORDER7', 'stoic-pack', 9);
    assert.deepEqual(store.reviewsToWithdraw(), []);
  } finally {
    store.close();
  }
});

test('a version 6 database is brought to version 7: its e-mails kept, the reviews added', () => {
  const store = fromVersion(
    6,
    `${TO_V7}
      INSERT INTO outbox (orderId, kind, recipient, message, status, nextAttemptAt, createdAt)
        VALUES (NULL, 'alert', 'studio@example.com', '{"to":"studio@example.com","subject":"Alert","html":"","text":"Alert"}', 'pending', 5, 1);
  `,
  );
  try {
    assert.deepEqual(
      store.dueMessages(10).map((m) => [m.kind, m.message.to]),
      [['alert', 'studio@example.com']],
    );
    assert.equal(store.findReview('5O190127TN364715T', 'stoic-pack'), null);
    store.queue(
      [
        {
          orderId: null,
          kind: 'reminder',
          message: { to: 'a@example.com', subject: 'Review', html: '', text: 'Review' },
          at: 50,
        },
      ],
      1,
    );
    assert.equal(store.nextDue(), 5);
    assert.equal(store.dueMessages(49).length, 1, 'the reminder waits for its day');
    assert.equal(store.dueMessages(50).length, 2);
  } finally {
    store.close();
  }
});
