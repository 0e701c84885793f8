// The tables of the store and the migration of an older database to this version.
import type Database from 'better-sqlite3';
import { stateCheck } from '../orders/states';
import { BOOKING_TABLES, BOOKING_V13 } from '../booking/tables';
import { COPY } from './records';

const SCHEMA_VERSION = 13;

/**
 * What a link has sent of the copy under way (v5): its byte ranges (JSON), the file size they are
 * of, and the bytes of it sent again (a resumption re-asks what the network lost).
 */
const COPY_COLUMNS = `covered TEXT NOT NULL DEFAULT '[]',
    coveredSize INTEGER,
    resent INTEGER NOT NULL DEFAULT 0`;

/**
 * The outbox of e-mails (v7 added the kinds 'reminder', the buyer's one reminder to review, and
 * 'review', the studio's notice of a new review: SQLite changes a CHECK only by a new table).
 */
const outboxTable = (name: string) => `CREATE TABLE ${name} (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    orderId TEXT REFERENCES orders(id) ON DELETE CASCADE,
    kind TEXT NOT NULL
      CHECK (kind IN ('buyer', 'studio', 'links', 'alert', 'reminder', 'review')),
    recipient TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    nextAttemptAt INTEGER NOT NULL,
    lastError TEXT,
    createdAt INTEGER NOT NULL,
    sentAt INTEGER
  );`;

/** A buyer's review of a pack of an order (v7): one per order and pack, and the file it is. */
const REVIEWS_TABLE = `CREATE TABLE reviews (
    orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    pack TEXT NOT NULL,
    file TEXT NOT NULL UNIQUE,
    createdAt INTEGER NOT NULL,
    updatedAt INTEGER NOT NULL,
    -- When its file was marked withdrawn, its order having been refunded in full.
    withdrawnAt INTEGER,
    PRIMARY KEY (orderId, pack)
  );`;

/**
 * Money given back on an order (v9): each refund or reversal once (PayPal's id for it), the cents
 * and the tax in them, and when: the tax report counts it in its own quarter.
 */
const REFUNDS_TABLE = `CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    cents INTEGER NOT NULL CHECK (cents > 0),
    taxCents INTEGER NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX refunds_by_order ON refunds (orderId);`;

const TABLES = `
  CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    ref TEXT UNIQUE,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    address TEXT NOT NULL,
    lines TEXT NOT NULL,
    totalCents INTEGER NOT NULL,
    currency TEXT NOT NULL,
    discountCode TEXT,
    discountCents INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL CHECK (source IN ('checkout', 'browser', 'webhook', 'recovery')),
    status TEXT NOT NULL CHECK (${stateCheck}),
    createdAt INTEGER NOT NULL,
    deliveredAt INTEGER,
    terms TEXT,
    -- v9: the tax the order's total includes, with its evidence (JSON, server/tax/order-tax.ts OrderTax).
    tax TEXT,
    -- v12: the buyer's time zone as the checkout gave it (IANA), for the e-mail's times.
    timeZone TEXT
  );
  CREATE TABLE links (
    id TEXT PRIMARY KEY,
    orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    pack TEXT NOT NULL,
    expiresAt INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    revokedAt INTEGER,
    ${COPY_COLUMNS}
  );
  ${outboxTable('outbox')}
  CREATE TABLE codes (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    value INTEGER NOT NULL CHECK (value > 0),
    packs TEXT,
    minimumCents INTEGER,
    expiresAt INTEGER,
    usageLimit INTEGER,
    disabled INTEGER NOT NULL DEFAULT 0,
    createdAt INTEGER NOT NULL,
    -- v10: a code a paid order used that the database lacked (made after its backup), known again
    -- from the order's seal: a record of its uses, never sold (disabled) until the studio adds it.
    restoredAt INTEGER
  );
  -- A use of a code by an order (its reference, or PayPal's id for a browser-created order):
  -- held until heldUntil while the order is not paid, for good (NULL) once it is.
  CREATE TABLE code_uses (
    code TEXT NOT NULL REFERENCES codes(code),
    ref TEXT NOT NULL,
    usedAt INTEGER NOT NULL,
    heldUntil INTEGER,
    -- Who asked for the hold (the client's address): a client keeps only a few open at once.
    holder TEXT,
    PRIMARY KEY (code, ref)
  );
  -- Things done once: a webhook event handled, a refused order reported to the studio.
  CREATE TABLE notices (key TEXT PRIMARY KEY, at INTEGER NOT NULL);
  ${REVIEWS_TABLE}
  ${REFUNDS_TABLE}
  ${BOOKING_TABLES}
`;

const OUTBOX_INDEXES = `
  CREATE INDEX outbox_due ON outbox (status, nextAttemptAt);
  CREATE INDEX outbox_by_recipient ON outbox (kind, recipient COLLATE NOCASE, createdAt);
`;

const INDEXES = `
  CREATE INDEX orders_by_email ON orders (email COLLATE NOCASE);
  CREATE INDEX links_by_order ON links (orderId);
  ${OUTBOX_INDEXES}
`;

/**
 * Creates the tables, or brings an older database to version 13: from version 11 or 12 by the
 * bookings' states, refunds as rows and attempts' generations (booking/tables.ts); from version 11 also by each
 * order's time zone; from version 10 also by the bookings' tables; from version 9 also by the codes
 * restored from orders; from version 8 also by each order's
 * tax and the refunds; from version 7 also by the reviews' withdrawal; from version 6 also by the outbox's
 * new kinds and the reviews; from version 5 also the terms of sale of each order; from version 4 also what a link sent of the copy under way; from version 3 also who held a code's use; from version 2 (before orders the service creates, code reservations, link
 * budgets in parts of a copy, cancelled e-mails, notices) by SQLite's rebuild procedure: new
 * tables, rows copied, old tables dropped, keys checked.
 */
export function migrate(db: Database.Database) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  if (version === 0 && tables.length > 0) {
    throw new Error('The database predates version 2 of the service; it cannot be upgraded.');
  }
  if (version > SCHEMA_VERSION) {
    throw new Error(`The database is of version ${version}, newer than this service.`);
  }
  if (version >= 3) {
    // v13 rebuilds the bookings table: with foreign keys on, dropping it would delete every row
    // that refers to it.
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      if (version === 3) db.exec('ALTER TABLE code_uses ADD COLUMN holder TEXT');
      if (version <= 4) {
        for (const column of COPY_COLUMNS.split(',\n')) {
          db.exec(`ALTER TABLE links ADD COLUMN ${column.trim()}`);
        }
      }
      // v6: the terms of sale each order was made under (JSON).
      if (version <= 5) db.exec('ALTER TABLE orders ADD COLUMN terms TEXT');
      // v7: the outbox's new kinds (a new table, its rows copied: nothing refers to it), reviews.
      if (version <= 6) {
        db.exec(`${outboxTable('outbox_v7')}
          INSERT INTO outbox_v7 SELECT * FROM outbox;
          DROP TABLE outbox;
          ALTER TABLE outbox_v7 RENAME TO outbox;
          ${OUTBOX_INDEXES}
          ${REVIEWS_TABLE}`);
      }
      // v8: when a refunded order's review was withdrawn.
      if (version === 7) db.exec('ALTER TABLE reviews ADD COLUMN withdrawnAt INTEGER');
      // v9: the tax each order's total includes (JSON; NULL for orders sold before tax).
      if (version <= 8) db.exec(`ALTER TABLE orders ADD COLUMN tax TEXT; ${REFUNDS_TABLE}`);
      if (version <= 9) db.exec('ALTER TABLE codes ADD COLUMN restoredAt INTEGER');
      // v11: weddings booked on the site (server/booking/tables.ts).
      if (version <= 10) db.exec(BOOKING_TABLES);
      if (version <= 11) db.exec('ALTER TABLE orders ADD COLUMN timeZone TEXT');
      if (version >= 11) db.exec(BOOKING_V13);
      if ((db.pragma('foreign_key_check') as unknown[]).length > 0)
        throw new Error('foreign keys broken');
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
    db.pragma('foreign_keys = ON');
    return;
  }
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    const old = ['orders', 'links', 'outbox', 'codes', 'code_uses'];
    if (version === 2) {
      for (const index of [
        'orders_by_email',
        'links_by_order',
        'outbox_due',
        'outbox_by_recipient',
      ])
        db.exec(`DROP INDEX IF EXISTS ${index}`);
      for (const table of old) db.exec(`ALTER TABLE ${table} RENAME TO ${table}_v2`);
    }
    db.exec(TABLES);
    db.exec(INDEXES);
    if (version === 2) {
      db.exec(`
        INSERT INTO orders SELECT id, NULL, email, name, phone, address, lines, totalCents,
          currency, discountCode, discountCents, source, status, createdAt, deliveredAt, NULL, NULL,
          NULL FROM orders_v2;
        INSERT INTO links (id, orderId, pack, expiresAt, used, revokedAt)
          SELECT id, orderId, pack, expiresAt, downloads * ${COPY}, revokedAt FROM links_v2;
        INSERT INTO outbox SELECT * FROM outbox_v2;
        INSERT INTO codes (code, kind, value, packs, minimumCents, expiresAt, usageLimit, disabled,
          createdAt) SELECT * FROM codes_v2;
        INSERT INTO code_uses SELECT code, orderId, usedAt, NULL, NULL FROM code_uses_v2;
      `);
      for (const table of old) db.exec(`DROP TABLE ${table}_v2`);
      if ((db.pragma('foreign_key_check') as unknown[]).length > 0)
        throw new Error('foreign keys broken');
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  db.pragma('foreign_keys = ON');
}
