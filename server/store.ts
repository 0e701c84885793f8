import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DiscountRule, OrderLine } from '@/lib/order';
import type { Message } from './mail';

/**
 * How the service learnt of the order: 'checkout' created it at PayPal itself; 'browser', 'webhook'
 * and 'recovery' found a paid order that a browser had created (checkouts from before the service
 * created orders).
 */
export type OrderSource = 'checkout' | 'browser' | 'webhook' | 'recovery';

export type OrderRecord = {
  /** PayPal's order id. */
  id: string;
  /** Our reference (invoice_id and custom_id at PayPal), for orders the service created. */
  ref: string | null;
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
   * 'created': created at PayPal, not paid yet; 'paid': links issued, the buyer's e-mail not yet
   * accepted by the mail server; 'delivered': it was; 'refunded': the payment went back (a refund
   * or a reversal), and the links no longer work. Nothing leaves 'refunded'.
   */
  status: 'created' | 'paid' | 'delivered' | 'refunded';
  createdAt: number;
};

export type LinkRecord = {
  id: string;
  orderId: string;
  /** The pack's sku (its slug): the name of its file in the packs folder. */
  pack: string;
  expiresAt: number;
  /** How much of the pack it has sent, in millionths of the file: 1,000,000 is one copy. */
  used: number;
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
type NewLink = Omit<LinkRecord, 'used' | 'revokedAt'>;
type NewMessage = { orderId: string | null; kind: MessageKind; message: Message };

const SCHEMA_VERSION = 4;

/** One copy of a file, in the unit of `LinkRecord.used`. */
export const COPY = 1_000_000;

/**
 * Orders, download links, the outbox of e-mails and discount codes, in one SQLite file: a restart
 * forgets nothing. Every change of an order's state is one transaction, so a crash leaves either
 * all of it (and the outbox sends its e-mails after the restart) or none (and the next capture,
 * confirmation or webhook starts afresh).
 */
export function openStore(file: string) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  migrate(db);
  db.pragma('foreign_keys = ON');

  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const selectOrdersByEmail = db.prepare<[string], OrderRow>(
    `SELECT * FROM orders WHERE email = ? COLLATE NOCASE AND status IN ('paid', 'delivered')
     ORDER BY createdAt`,
  );
  const insertOrder = db.prepare(
    `INSERT OR IGNORE INTO orders
       (id, ref, email, name, phone, address, lines, totalCents, currency, discountCode,
        discountCents, source, status, createdAt)
     VALUES
       (@id, @ref, @email, @name, @phone, @address, @lines, @totalCents, @currency, @discountCode,
        @discountCents, @source, @status, @createdAt)`,
  );
  const setPaid = db.prepare(
    "UPDATE orders SET status = 'paid' WHERE id = ? AND status = 'created'",
  );
  const insertLink = db.prepare(
    'INSERT INTO links (id, orderId, pack, expiresAt) VALUES (@id, @orderId, @pack, @expiresAt)',
  );
  const selectLink = db.prepare<[string], LinkRecord>('SELECT * FROM links WHERE id = ?');
  const selectLiveLinks = db.prepare<[string, number], LinkRecord>(
    `SELECT * FROM links WHERE orderId = ? AND expiresAt > ? AND revokedAt IS NULL
     ORDER BY expiresAt DESC`,
  );
  const revokeLinks = db.prepare(
    'UPDATE links SET revokedAt = ? WHERE orderId = ? AND revokedAt IS NULL',
  );
  const setRefunded = db.prepare("UPDATE orders SET status = 'refunded' WHERE id = ?");
  const cancelLinkMessages = db.prepare(
    `UPDATE outbox SET status = 'cancelled'
     WHERE orderId = ? AND status = 'pending' AND kind IN ('buyer', 'links')`,
  );
  const spend = db.prepare(
    'UPDATE links SET used = used + @amount WHERE id = @id AND used + @amount <= @budget',
  );
  const giveBack = db.prepare('UPDATE links SET used = max(0, used - ?) WHERE id = ?');
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
  const setSent = db.prepare(
    "UPDATE outbox SET status = 'sent', sentAt = ? WHERE id = ? AND status = 'pending'",
  );
  const setDelivered = db.prepare(
    "UPDATE orders SET status = 'delivered', deliveredAt = ? WHERE id = ? AND status = 'paid'",
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
  const insertNotice = db.prepare('INSERT OR IGNORE INTO notices (key, at) VALUES (?, ?)');

  const insertCode = db.prepare(
    `INSERT INTO codes (code, kind, value, packs, minimumCents, expiresAt, usageLimit, createdAt)
     VALUES (@code, @kind, @value, @packs, @minimumCents, @expiresAt, @usageLimit, @createdAt)`,
  );
  const selectCode = db.prepare<[string], CodeRow>('SELECT * FROM codes WHERE code = ?');
  const selectCodes = db.prepare<[], CodeRow & { uses: number }>(
    `SELECT codes.*,
       (SELECT count(*) FROM code_uses WHERE code_uses.code = codes.code AND heldUntil IS NULL)
       AS uses
     FROM codes ORDER BY createdAt`,
  );
  const disableCode = db.prepare('UPDATE codes SET disabled = 1 WHERE code = ?');
  const countUses = db.prepare<[string, number], { count: number }>(
    `SELECT count(*) AS count FROM code_uses
     WHERE code = ? AND (heldUntil IS NULL OR heldUntil > ?)`,
  );
  const selectUse = db.prepare<[string, string], { heldUntil: number | null }>(
    'SELECT heldUntil FROM code_uses WHERE code = ? AND ref = ?',
  );
  const upsertUse = db.prepare(
    `INSERT INTO code_uses (code, ref, usedAt, heldUntil, holder) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (code, ref) DO UPDATE SET heldUntil = excluded.heldUntil`,
  );
  const keepUse = db.prepare('UPDATE code_uses SET heldUntil = NULL WHERE code = ? AND ref = ?');
  const dropUse = db.prepare('DELETE FROM code_uses WHERE code = ? AND ref = ?');
  // A client's open holds of a code past the newest `OFFSET` of them lapse now.
  const lapseOldHolds = db.prepare(
    `UPDATE code_uses SET heldUntil = @now WHERE rowid IN (
       SELECT rowid FROM code_uses WHERE code = @code AND holder = @holder AND heldUntil > @now
       ORDER BY usedAt DESC, rowid DESC LIMIT -1 OFFSET @keep)`,
  );
  const usageLimitOf = db.prepare<[string], { usageLimit: number | null }>(
    'SELECT usageLimit FROM codes WHERE code = ?',
  );
  const toCode = (row: CodeRow | undefined): CodeRecord | null =>
    row
      ? {
          ...row,
          packs: row.packs === null ? null : (JSON.parse(row.packs) as string[]),
          disabled: row.disabled === 1,
        }
      : null;

  // Orders recorded before version 3 name a line's pack `sku`; it is the same slug.
  const toOrder = (row: OrderRow | undefined): OrderRecord | null =>
    row
      ? {
          ...row,
          lines: (JSON.parse(row.lines) as (OrderLine & { sku?: string })[]).map(
            ({ sku, ...line }) => ({ ...line, slug: line.slug ?? sku! }),
          ),
        }
      : null;

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

  /** Uses of a code at a moment: paid orders, and holds of unpaid ones not lapsed by then. */
  const codeUses = (code: string, at: number) => countUses.get(code, at)?.count ?? 0;

  /**
   * Makes an order's use of a code live until `heldUntil` (null: for good): kept as it is when it
   * still holds one, else taken again if the code's limit leaves one at `now`. False when none is
   * left. Call inside a transaction.
   */
  const takeUse = (
    code: string,
    ref: string,
    now: number,
    heldUntil: number | null,
    holder: string | null = null,
  ) => {
    const held = selectUse.get(code, ref);
    const live = held !== undefined && (held.heldUntil === null || held.heldUntil > now);
    if (!live) {
      const limit = usageLimitOf.get(code)?.usageLimit ?? null;
      if (limit !== null && codeUses(code, now) >= limit) return false;
    }
    if (heldUntil === null) {
      if (held === undefined) upsertUse.run(code, ref, now, null, holder);
      else keepUse.run(code, ref);
    } else if (!live || (held.heldUntil !== null && held.heldUntil < heldUntil)) {
      upsertUse.run(code, ref, now, heldUntil, holder);
    }
    return true;
  };

  /** Thrown inside `recordPaid` to undo it: the code's last use went to another order. */
  class CodeUsedUp extends Error {}

  /**
   * Records a paid order with its links and e-mails, all or nothing; false when another path
   * recorded it first (or it was refunded), in which case nothing is written. An order the
   * service created goes from 'created' to 'paid'; one it learns of now is inserted as paid. Its
   * code's use is kept for good; when it held none and the limit leaves none, nothing is written
   * (CodeUsedUp).
   */
  const recordPaid = db.transaction(
    (order: Omit<OrderRecord, 'status'>, links: NewLink[], messages: NewMessage[], now: number) => {
      const { changes } =
        order.source === 'checkout'
          ? setPaid.run(order.id)
          : insertOrder.run({ ...order, lines: JSON.stringify(order.lines), status: 'paid' });
      if (changes !== 1) return false;
      if (order.discountCode && !takeUse(order.discountCode, order.ref ?? order.id, now, null)) {
        throw new CodeUsedUp();
      }
      addLinksAndMessages(links, messages, now);
      return true;
    },
  );

  return {
    findOrder: (id: string) => toOrder(selectOrder.get(id)),

    /** The paid orders of an address, oldest first. */
    ordersOf: (email: string) => selectOrdersByEmail.all(email).map((row) => toOrder(row)!),

    /**
     * An order the service created at PayPal, not paid yet. Its code's use was reserved by
     * `reserveCode` under its reference and stays reserved until it is paid or the hold lapses.
     */
    createOrder(order: Omit<OrderRecord, 'status' | 'source'>) {
      insertOrder.run({
        ...order,
        lines: JSON.stringify(order.lines),
        source: 'checkout',
        status: 'created',
      });
    },

    /**
     * Takes one use of a code for an order being created, if the code's limit leaves one at `now`:
     * held until `heldUntil`, kept for good once the order is paid. A client (`holder`) keeps at
     * most `perHolder` holds of a code: its oldest beyond that lapse now (their orders take a use
     * again when approved, if one is left). Atomic, so that buyers racing for the last use cannot
     * both get it.
     */
    reserveCode: db.transaction(
      (
        code: string,
        ref: string,
        now: number,
        heldUntil: number,
        holder: string,
        perHolder: number,
      ) => {
        lapseOldHolds.run({ code, holder, now, keep: Math.max(0, perHolder - 1) });
        return takeUse(code, ref, now, heldUntil, holder);
      },
    ),

    /**
     * Before an approved order is captured: its use of the code held until `heldUntil`, taken
     * again if its hold lapsed and the limit leaves one. False: another order has the last use, and
     * this one must not be paid with the discount.
     */
    renewCode: db.transaction((code: string, ref: string, now: number, heldUntil: number) =>
      takeUse(code, ref, now, heldUntil),
    ),

    /** Gives a reserved use back (PayPal did not create the order). */
    releaseCode: (code: string, ref: string) => void dropUse.run(code, ref),

    /** See `recordPaid` above: 'code-used-up' when its code had no use left for it. */
    recordPaid(
      order: Omit<OrderRecord, 'status'>,
      links: NewLink[],
      messages: NewMessage[],
      now: number,
    ): boolean | 'code-used-up' {
      try {
        return recordPaid(order, links, messages, now);
      } catch (error) {
        if (error instanceof CodeUsedUp) return 'code-used-up';
        throw error;
      }
    },

    /** Fresh links for a known order, replacing its earlier ones, and the e-mail with them. */
    issueLinks: db.transaction((links: NewLink[], messages: NewMessage[], now: number) => {
      for (const orderId of new Set(links.map((link) => link.orderId))) {
        revokeLinks.run(now, orderId);
      }
      addLinksAndMessages(links, messages, now);
    }),

    /**
     * The payment went back: the order's links stop working, e-mails with links that have not left
     * yet never will, and the studio is told.
     */
    refundOrder: db.transaction((orderId: string, notice: NewMessage, now: number) => {
      setRefunded.run(orderId);
      revokeLinks.run(now, orderId);
      cancelLinkMessages.run(orderId);
      addLinksAndMessages([], [notice], now);
    }),

    /** Queues e-mails that carry no links. */
    queue: db.transaction((messages: NewMessage[], now: number) =>
      addLinksAndMessages([], messages, now),
    ),

    /**
     * Queues e-mails once per key (a webhook event, a refused order): false when that key was
     * seen before, and nothing is queued.
     */
    queueOnce: db.transaction((key: string, messages: NewMessage[], now: number) => {
      if (insertNotice.run(key, now).changes !== 1) return false;
      addLinksAndMessages([], messages, now);
      return true;
    }),

    /** An order's unrevoked, unexpired links, newest first. */
    liveLinks: (orderId: string, now: number) => selectLiveLinks.all(orderId, now),

    findLink: (id: string) => selectLink.get(id) ?? null,

    /**
     * Spends part of a link's budget (in millionths of a copy) before bytes are sent; false, and
     * nothing spent, when it would pass the budget. One statement, so concurrent requests cannot
     * together spend more than there is.
     */
    spendLink: (id: string, amount: number, budget: number) =>
      spend.run({ id, amount, budget }).changes === 1,

    /** Gives back what a transfer cut short did not send. */
    refundLink: (id: string, amount: number) => void giveBack.run(amount, id),

    /** E-mails whose (next) attempt is due. */
    dueMessages: (now: number): OutboxRecord[] =>
      selectDue.all(now).map((row) => ({ ...row, message: JSON.parse(row.message) as Message })),

    /** When the next pending e-mail is due, or null when none is pending. */
    nextDue: () => selectNextDue.get()?.at ?? null,

    /**
     * The mail server accepted the message; the buyer's order e-mail delivers its order, unless
     * the order was refunded meanwhile (it stays refunded).
     */
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

    codeUses,

    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;

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
    status TEXT NOT NULL CHECK (status IN ('created', 'paid', 'delivered', 'refunded')),
    createdAt INTEGER NOT NULL,
    deliveredAt INTEGER
  );
  CREATE TABLE links (
    id TEXT PRIMARY KEY,
    orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    pack TEXT NOT NULL,
    expiresAt INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    revokedAt INTEGER
  );
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    orderId TEXT REFERENCES orders(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('buyer', 'studio', 'links', 'alert')),
    recipient TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    nextAttemptAt INTEGER NOT NULL,
    lastError TEXT,
    createdAt INTEGER NOT NULL,
    sentAt INTEGER
  );
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
`;

const INDEXES = `
  CREATE INDEX orders_by_email ON orders (email COLLATE NOCASE);
  CREATE INDEX links_by_order ON links (orderId);
  CREATE INDEX outbox_due ON outbox (status, nextAttemptAt);
  CREATE INDEX outbox_by_recipient ON outbox (kind, recipient COLLATE NOCASE, createdAt);
`;

/**
 * Creates the tables, or brings an older database to version 4: from version 3 by adding who
 * holds a code's use; from version 2 (before orders the service creates, code reservations, link
 * budgets in parts of a copy, cancelled e-mails, notices) by SQLite's rebuild procedure: new
 * tables, rows copied, old tables dropped, keys checked.
 */
function migrate(db: Database.Database) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  if (version === 0 && tables.length > 0) {
    throw new Error('The database predates version 2 of the service; it cannot be upgraded.');
  }
  if (version > SCHEMA_VERSION) {
    throw new Error(`The database is of version ${version}, newer than this service.`);
  }
  if (version === 3) {
    db.transaction(() => {
      db.exec('ALTER TABLE code_uses ADD COLUMN holder TEXT');
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
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
          currency, discountCode, discountCents, source, status, createdAt, deliveredAt
          FROM orders_v2;
        INSERT INTO links SELECT id, orderId, pack, expiresAt, downloads * ${COPY}, revokedAt
          FROM links_v2;
        INSERT INTO outbox SELECT * FROM outbox_v2;
        INSERT INTO codes SELECT * FROM codes_v2;
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
