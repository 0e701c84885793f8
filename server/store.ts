import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DiscountRule, OrderLine, Pack } from '@/lib/order';
import type { Message } from './mail';

/** How the service learnt of a paid order. */
export type OrderSource = 'browser' | 'webhook' | 'recovery';

export type OrderRecord = {
  id: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  lines: OrderLine[];
  /** What was paid: the packs' catalogue total less the discount. */
  totalCents: number;
  currency: string;
  discountCode: string | null;
  discountCents: number;
  source: OrderSource;
  /**
   * 'paid': links issued, the buyer's e-mail not yet accepted by the mail server; 'refunded': the
   * payment went back (a refund or a reversal), and the links no longer work.
   */
  status: 'paid' | 'delivered' | 'refunded';
  createdAt: number;
};

export type LinkRecord = {
  id: string;
  orderId: string;
  /** The pack's sku (its slug): the name of its file in the packs folder. */
  pack: string;
  expiresAt: number;
  downloads: number;
  /** When newer links replaced it, or its order was refunded. */
  revokedAt: number | null;
};

/** What an outbox message is: the buyer's order e-mail marks the order delivered once it is sent. */
export type MessageKind = 'buyer' | 'studio' | 'links' | 'alert';

export type OutboxRecord = {
  id: number;
  orderId: string | null;
  kind: MessageKind;
  message: Message;
  attempts: number;
};

type OrderRow = Omit<OrderRecord, 'lines'> & { lines: string };

/** A discount code and its terms, as the studio sets them with `npm run codes`. */
export type CodeRecord = DiscountRule & {
  expiresAt: number | null;
  usageLimit: number | null;
  disabled: boolean;
  createdAt: number;
};

type CodeRow = Omit<CodeRecord, 'packs' | 'disabled'> & { packs: string | null; disabled: number };
type NewLink = Omit<LinkRecord, 'downloads' | 'revokedAt'>;
type NewMessage = { orderId: string | null; kind: MessageKind; message: Message };

const SCHEMA_VERSION = 2;

/**
 * Orders, download links and the outbox of e-mails, in one SQLite file: a restart forgets
 * nothing. An order, its links and its e-mails are written in one transaction, so a crash leaves
 * either all of them (and the outbox sends the e-mails after the restart) or none (and the next
 * confirmation or webhook starts afresh).
 */
export function openStore(file: string, catalog: readonly Pack[] = []) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, catalog);

  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const selectOrdersByEmail = db.prepare<[string], OrderRow>(
    'SELECT * FROM orders WHERE email = ? COLLATE NOCASE ORDER BY createdAt',
  );
  const insertOrder = db.prepare(
    `INSERT OR IGNORE INTO orders
       (id, email, name, phone, address, lines, totalCents, currency, discountCode, discountCents,
        source, status, createdAt)
     VALUES
       (@id, @email, @name, @phone, @address, @lines, @totalCents, @currency, @discountCode,
        @discountCents, @source, 'paid', @createdAt)`,
  );
  const insertLink = db.prepare(
    'INSERT INTO links (id, orderId, pack, expiresAt) VALUES (@id, @orderId, @pack, @expiresAt)',
  );
  const selectLink = db.prepare<[string], LinkRecord>('SELECT * FROM links WHERE id = ?');
  const selectLiveLinks = db.prepare<[string, number, number], LinkRecord>(
    `SELECT * FROM links WHERE orderId = ? AND expiresAt > ? AND downloads < ? AND revokedAt IS NULL
     ORDER BY expiresAt DESC`,
  );
  const revokeLinks = db.prepare(
    'UPDATE links SET revokedAt = ? WHERE orderId = ? AND revokedAt IS NULL',
  );
  const setRefunded = db.prepare("UPDATE orders SET status = 'refunded' WHERE id = ?");
  const countDownload = db.prepare(
    'UPDATE links SET downloads = downloads + 1 WHERE id = ? AND downloads < ?',
  );
  const insertMessage = db.prepare(
    `INSERT INTO outbox (orderId, kind, recipient, message, nextAttemptAt, createdAt)
     VALUES (@orderId, @kind, @recipient, @message, @now, @now)`,
  );
  const selectDue = db.prepare<[number], Omit<OutboxRecord, 'message'> & { message: string }>(
    `SELECT id, orderId, kind, message, attempts FROM outbox
     WHERE status = 'pending' AND nextAttemptAt <= ? ORDER BY id LIMIT 20`,
  );
  const selectNextDue = db.prepare<[], { at: number | null }>(
    "SELECT min(nextAttemptAt) AS at FROM outbox WHERE status = 'pending'",
  );
  const setSent = db.prepare("UPDATE outbox SET status = 'sent', sentAt = ? WHERE id = ?");
  const setDelivered = db.prepare(
    "UPDATE orders SET status = 'delivered', deliveredAt = ? WHERE id = ?",
  );
  const setRetry = db.prepare(
    'UPDATE outbox SET attempts = attempts + 1, nextAttemptAt = ?, lastError = ? WHERE id = ?',
  );
  const setFailed = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, status = 'failed', lastError = ? WHERE id = ?",
  );
  const countRecent = db.prepare<[string, string, number], { count: number }>(
    `SELECT count(*) AS count FROM outbox
     WHERE kind = ? AND recipient = ? COLLATE NOCASE AND createdAt > ?`,
  );

  const insertCode = db.prepare(
    `INSERT INTO codes (code, kind, value, packs, minimumCents, expiresAt, usageLimit, createdAt)
     VALUES (@code, @kind, @value, @packs, @minimumCents, @expiresAt, @usageLimit, @createdAt)`,
  );
  const selectCode = db.prepare<[string], CodeRow>('SELECT * FROM codes WHERE code = ?');
  const selectCodes = db.prepare<[], CodeRow & { uses: number }>(
    `SELECT codes.*, (SELECT count(*) FROM code_uses WHERE code_uses.code = codes.code) AS uses
     FROM codes ORDER BY createdAt`,
  );
  const disableCode = db.prepare('UPDATE codes SET disabled = 1 WHERE code = ?');
  const countUses = db.prepare<[string, number], { count: number }>(
    'SELECT count(*) AS count FROM code_uses WHERE code = ? AND usedAt < ?',
  );
  const insertUse = db.prepare(
    'INSERT OR IGNORE INTO code_uses (code, orderId, usedAt) VALUES (?, ?, ?)',
  );
  const toCode = (row: CodeRow | undefined): CodeRecord | null =>
    row
      ? {
          ...row,
          packs: row.packs === null ? null : (JSON.parse(row.packs) as string[]),
          disabled: row.disabled === 1,
        }
      : null;

  const toOrder = (row: OrderRow | undefined): OrderRecord | null =>
    row ? { ...row, lines: JSON.parse(row.lines) as OrderLine[] } : null;

  const addLinksAndMessages = (links: NewLink[], messages: NewMessage[], now: number) => {
    for (const link of links) insertLink.run(link);
    for (const { orderId, kind, message } of messages) {
      insertMessage.run({
        orderId,
        kind,
        recipient: message.to,
        message: JSON.stringify(message),
        now,
      });
    }
  };

  return {
    findOrder: (id: string) => toOrder(selectOrder.get(id)),

    ordersOf: (email: string) => selectOrdersByEmail.all(email).map((row) => toOrder(row)!),

    /**
     * Records a paid order with its links and e-mails, all or nothing; false when the order id
     * is already known (another path recorded it first), in which case nothing is written.
     */
    recordOrder: db.transaction(
      (
        order: Omit<OrderRecord, 'status'>,
        links: NewLink[],
        messages: NewMessage[],
        now: number,
      ) => {
        const { changes } = insertOrder.run({ ...order, lines: JSON.stringify(order.lines) });
        if (changes !== 1) return false;
        if (order.discountCode) insertUse.run(order.discountCode, order.id, order.createdAt);
        addLinksAndMessages(links, messages, now);
        return true;
      },
    ),

    /** Fresh links for a known order, replacing its earlier ones, and the e-mail with them. */
    issueLinks: db.transaction((links: NewLink[], messages: NewMessage[], now: number) => {
      for (const orderId of new Set(links.map((link) => link.orderId))) {
        revokeLinks.run(now, orderId);
      }
      addLinksAndMessages(links, messages, now);
    }),

    /** The payment went back: the order's links stop working, and the studio is told. */
    refundOrder: db.transaction((orderId: string, notice: NewMessage, now: number) => {
      setRefunded.run(orderId);
      revokeLinks.run(now, orderId);
      addLinksAndMessages([], [notice], now);
    }),

    /** Queues e-mails that carry no links. */
    queue: db.transaction((messages: NewMessage[], now: number) =>
      addLinksAndMessages([], messages, now),
    ),

    /** An order's links that still work, newest first. */
    liveLinks: (orderId: string, now: number, limit: number) =>
      selectLiveLinks.all(orderId, now, limit),

    findLink: (id: string) => selectLink.get(id) ?? null,

    /** Counts one download; false when the link has none left. */
    useLink: (id: string, limit: number) => countDownload.run(id, limit).changes === 1,

    /** E-mails whose (next) attempt is due. */
    dueMessages: (now: number): OutboxRecord[] =>
      selectDue.all(now).map((row) => ({ ...row, message: JSON.parse(row.message) as Message })),

    /** When the next pending e-mail is due, or null when none is pending. */
    nextDue: () => selectNextDue.get()?.at ?? null,

    /** The mail server accepted the message; the buyer's order e-mail delivers its order. */
    markSent: db.transaction((message: OutboxRecord, now: number) => {
      setSent.run(now, message.id);
      if (message.kind === 'buyer' && message.orderId) setDelivered.run(now, message.orderId);
    }),

    /** A failed attempt: tried again at `retryAt`, or given up for good when it is null. */
    markFailed(id: number, error: string, retryAt: number | null) {
      if (retryAt === null) setFailed.run(error, id);
      else setRetry.run(retryAt, error, id);
    },

    /** How many e-mails of a kind went to an address since a moment: the flood limit. */
    recentMessages: (kind: MessageKind, recipient: string, since: number) =>
      countRecent.get(kind, recipient, since)?.count ?? 0,

    /** A new code; false when the code exists already. */
    addCode(code: Omit<CodeRecord, 'disabled'>) {
      const row = { ...code, packs: code.packs === null ? null : JSON.stringify(code.packs) };
      try {
        insertCode.run(row);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
        throw error;
      }
    },

    findCode: (code: string) => toCode(selectCode.get(code)),

    codes: () => selectCodes.all().map((row) => ({ ...toCode(row)!, uses: row.uses })),

    /** False when there is no such code. */
    disableCode: (code: string) => disableCode.run(code).changes === 1,

    /** How many orders used a code before a moment. */
    codeUses: (code: string, before: number) => countUses.get(code, before)?.count ?? 0,

    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;

function migrate(db: Database.Database, catalog: readonly Pack[]) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version >= SCHEMA_VERSION) return;
  db.transaction(() => {
    // Version 1 (no user_version) kept an order's items as pack names and had no outbox. Its
    // orders were delivered (an undelivered one was deleted), so they come over as delivered,
    // their packs found by name in the catalogue.
    const legacy = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'orders'")
      .get();
    if (legacy) {
      db.exec('ALTER TABLE links RENAME TO links_v1; ALTER TABLE orders RENAME TO orders_v1;');
    }
    db.exec(`
      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        phone TEXT NOT NULL,
        address TEXT NOT NULL,
        lines TEXT NOT NULL,
        totalCents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        discountCode TEXT,
        discountCents INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL CHECK (source IN ('browser', 'webhook', 'recovery')),
        status TEXT NOT NULL CHECK (status IN ('paid', 'delivered', 'refunded')),
        createdAt INTEGER NOT NULL,
        deliveredAt INTEGER
      );
      CREATE INDEX orders_by_email ON orders (email COLLATE NOCASE);
      CREATE TABLE links (
        id TEXT PRIMARY KEY,
        orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        pack TEXT NOT NULL,
        expiresAt INTEGER NOT NULL,
        downloads INTEGER NOT NULL DEFAULT 0,
        revokedAt INTEGER
      );
      CREATE INDEX links_by_order ON links (orderId);
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        orderId TEXT REFERENCES orders(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('buyer', 'studio', 'links', 'alert')),
        recipient TEXT NOT NULL,
        message TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        nextAttemptAt INTEGER NOT NULL,
        lastError TEXT,
        createdAt INTEGER NOT NULL,
        sentAt INTEGER
      );
      CREATE INDEX outbox_due ON outbox (status, nextAttemptAt);
      CREATE TABLE codes (
        code TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
        value INTEGER NOT NULL CHECK (value > 0),
        packs TEXT,
        minimumCents INTEGER,
        expiresAt INTEGER,
        usageLimit INTEGER,
        disabled INTEGER NOT NULL DEFAULT 0,
        createdAt INTEGER NOT NULL
      );
      CREATE TABLE code_uses (
        code TEXT NOT NULL REFERENCES codes(code),
        orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        usedAt INTEGER NOT NULL,
        PRIMARY KEY (code, orderId)
      );
      CREATE INDEX outbox_by_recipient ON outbox (kind, recipient COLLATE NOCASE, createdAt);
    `);
    if (legacy) {
      const rows = db
        .prepare<
          [],
          {
            id: string;
            email: string;
            name: string;
            items: string;
            totalCents: number;
            createdAt: number;
          }
        >(
          "SELECT id, email, name, items, totalCents, createdAt FROM orders_v1 WHERE status = 'delivered'",
        )
        .all();
      const insert = db.prepare(
        `INSERT INTO orders (id, email, name, phone, address, lines, totalCents, currency, source, status, createdAt, deliveredAt)
         VALUES (?, ?, ?, '', '', ?, ?, 'USD', 'browser', 'delivered', ?, ?)`,
      );
      for (const row of rows) {
        const lines = (JSON.parse(row.items) as string[]).flatMap((name) => {
          const pack = catalog.find((entry) => entry.name === name);
          return pack ? [{ ...pack, quantity: 1 }] : [];
        });
        insert.run(
          row.id,
          row.email,
          row.name,
          JSON.stringify(lines),
          row.totalCents,
          row.createdAt,
          row.createdAt,
        );
      }
      db.exec(
        `INSERT INTO links (id, orderId, pack, expiresAt, downloads)
           SELECT id, orderId, pack, expiresAt, downloads FROM links_v1
           WHERE orderId IN (SELECT id FROM orders);
         DROP TABLE links_v1; DROP TABLE orders_v1;`,
      );
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}
