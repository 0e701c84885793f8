import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { OrderTax } from '../tax/order-tax';
import { moveGuard, ownedCondition, type FirstState } from '../orders/states';
import { codeStore } from './codes';
import { column, messageColumn, orderLinesColumn, taxColumn, termsColumn } from './columns';
import type {
  LinkRecord,
  MessageKind,
  NewLink,
  NewMessage,
  OrderRecord,
  OrderRow,
  OutboxRecord,
  RefundRecord,
} from './records';
import { migrate } from './schema';
import { copyStore } from './copies';
import { reviewStore } from './reviews';
import { bookingStore } from '../booking/store';

export { COPY } from './records';
export { MAX_PIECES } from './copies';
export type * from './records';

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
  const { takeUse, keepUsePastLimit, ...codes } = codeStore(db);
  const copies = copyStore(db);

  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const selectOrderByRef = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE ref = ?');
  const selectOrdersByEmail = db.prepare<[string], OrderRow>(
    `SELECT * FROM orders WHERE email = ? COLLATE NOCASE AND ${ownedCondition}
     ORDER BY createdAt`,
  );
  const insertOrder = db.prepare(
    `INSERT OR IGNORE INTO orders
       (id, ref, email, name, phone, address, lines, totalCents, currency, discountCode,
        discountCents, source, status, createdAt, terms, tax, timeZone)
     VALUES
       (@id, @ref, @email, @name, @phone, @address, @lines, @totalCents, @currency, @discountCode,
        @discountCents, @source, @status, @createdAt, @terms, @tax, @timeZone)`,
  );
  const setEmail = db.prepare('UPDATE orders SET email = ? WHERE id = ?');
  const updateTax = db.prepare('UPDATE orders SET tax = ? WHERE id = ?');
  const insertRefund = db.prepare(
    'INSERT OR IGNORE INTO refunds (id, orderId, cents, taxCents, at) VALUES (@id, @orderId, @cents, @taxCents, @at)',
  );
  const selectRefundsOf = db.prepare<[string], RefundRecord>(
    'SELECT * FROM refunds WHERE orderId = ? ORDER BY at',
  );
  const selectRefundsBetween = db.prepare<[number, number], RefundRecord>(
    'SELECT * FROM refunds WHERE at >= ? AND at < ? ORDER BY at',
  );
  const selectOrdersMadeBetween = db.prepare<[number, number], OrderRow>(
    'SELECT * FROM orders WHERE createdAt >= ? AND createdAt < ? ORDER BY createdAt',
  );
  const setPaid = db.prepare(
    `UPDATE orders SET status = 'paid' WHERE id = ? AND ${moveGuard('paid')}`,
  );
  const insertLink = db.prepare(
    'INSERT INTO links (id, orderId, pack, expiresAt) VALUES (@id, @orderId, @pack, @expiresAt)',
  );
  const selectLink = db.prepare<[string], LinkRecord>('SELECT * FROM links WHERE id = ?');
  const insertLinkOnce = db.prepare(
    `INSERT OR IGNORE INTO links (id, orderId, pack, expiresAt)
     VALUES (@id, @orderId, @pack, @expiresAt)`,
  );
  const selectLiveLinks = db.prepare<[string, number], LinkRecord>(
    `SELECT * FROM links WHERE orderId = ? AND expiresAt > ? AND revokedAt IS NULL
     ORDER BY expiresAt DESC`,
  );
  const revokeLinks = db.prepare(
    'UPDATE links SET revokedAt = ? WHERE orderId = ? AND revokedAt IS NULL',
  );
  const setRefunded = db.prepare(
    `UPDATE orders SET status = 'refunded' WHERE id = ? AND ${moveGuard('refunded')}`,
  );
  const cancelLinkMessages = db.prepare(
    `UPDATE outbox SET status = 'cancelled'
     WHERE orderId = ? AND status = 'pending' AND kind IN ('buyer', 'links', 'reminder')`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO outbox (orderId, kind, recipient, message, nextAttemptAt, createdAt)
     VALUES (@orderId, @kind, @recipient, @message, @at, @now)`,
  );
  const selectDue = db.prepare<[number], Omit<OutboxRecord, 'message'> & { message: string }>(
    // Buyers' deliveries and receipts before notices, alerts and sign-in links: no studio mail,
    // however much of it a flood queues, delays a buyer's links.
    `SELECT id, orderId, kind, message, attempts FROM outbox
     WHERE status = 'pending' AND nextAttemptAt <= ?
     ORDER BY CASE kind WHEN 'buyer' THEN 0 WHEN 'links' THEN 0 ELSE 1 END, id LIMIT 20`,
  );
  const selectNextDue = db.prepare<[], { at: number | null }>(
    "SELECT min(nextAttemptAt) AS at FROM outbox WHERE status = 'pending'",
  );
  const setSent = db.prepare(
    "UPDATE outbox SET status = 'sent', sentAt = ? WHERE id = ? AND status = 'pending'",
  );
  const setDelivered = db.prepare(
    `UPDATE orders SET status = 'delivered', deliveredAt = ? WHERE id = ? AND ${moveGuard('delivered')}`,
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
  const countNotices = db.prepare<{ prefix: string; since: number }, { count: number }>(
    'SELECT count(*) AS count FROM notices WHERE substr(key, 1, length(@prefix)) = @prefix AND at > @since',
  );

  // Orders recorded before version 3 name a line's pack `sku`; it is the same slug.
  const toOrder = (row: OrderRow | undefined): OrderRecord | null =>
    row
      ? {
          ...row,
          lines: column(orderLinesColumn, row.lines),
          terms: row.terms === null ? null : column(termsColumn, row.terms),
          tax: row.tax === null ? null : column(taxColumn, row.tax),
        }
      : null;

  /** A new order, in one of the states an order starts in. */
  const insert = (order: Omit<OrderRecord, 'status'>, status: FirstState) =>
    insertOrder.run({
      ...order,
      lines: JSON.stringify(order.lines),
      terms: order.terms && JSON.stringify(order.terms),
      tax: order.tax && JSON.stringify(order.tax),
      timeZone: order.timeZone ?? null,
      status,
    });

  const addLinksAndMessages = (links: NewLink[], messages: NewMessage[], now: number) => {
    for (const link of links) insertLink.run(link);
    for (const { orderId, kind, message, at } of messages) {
      insertMessage.run({
        orderId,
        kind,
        recipient: message.to,
        message: JSON.stringify(message),
        at: at ?? now,
        now,
      });
    }
  };

  const reviews = reviewStore(db, (messages, now) => addLinksAndMessages([], messages, now));

  /** Thrown inside `recordPaid` to undo it: the code's last use went to another order. */
  class CodeUsedUp extends Error {}

  /**
   * Records a paid order with its links and e-mails, all or nothing; false when another path
   * recorded it first (or it was refunded), in which case nothing is written. An order the
   * service created goes from 'created' to 'paid'; one it learns of now is inserted as paid. Its
   * code's use is kept for good; when it held none and the limit leaves none, the use is kept
   * past the limit and `pastLimit` (the studio's notice) queued when one is given, else nothing is
   * written (CodeUsedUp).
   */
  const recordPaid = db.transaction(
    (
      order: Omit<OrderRecord, 'status'>,
      links: NewLink[],
      messages: NewMessage[],
      now: number,
      pastLimit?: NewMessage,
    ) => {
      const { changes } =
        order.source === 'checkout' ? setPaid.run(order.id) : insert(order, 'paid');
      if (changes !== 1) return false;
      const extra: NewMessage[] = [];
      const ref = order.ref ?? order.id;
      if (order.discountCode && !takeUse(order.discountCode, ref, now, null)) {
        if (!pastLimit) throw new CodeUsedUp();
        keepUsePastLimit(order.discountCode, ref, now);
        extra.push(pastLimit);
      }
      addLinksAndMessages(links, [...messages, ...extra], now);
      return true;
    },
  );

  return {
    /** Weddings booked on the site (server/booking/store.ts). */
    bookings: bookingStore(db),

    findOrder: (id: string) => toOrder(selectOrder.get(id)),

    /** An order restored to its PayPal account's address, bound to the checkout's it proved. */
    bindOrder: (id: string, email: string) => void setEmail.run(email, id),

    /**
     * The tax an order's total includes, settled again from the evidence PayPal's approved order
     * added (the amount paid does not change; its split may).
     */
    setTax: (id: string, tax: OrderTax) => void updateTax.run(JSON.stringify(tax), id),

    /** Money given back, once per PayPal id however often it is told: false when known. */
    recordRefund: (refund: RefundRecord) => insertRefund.run(refund).changes === 1,
    refundsOf: (orderId: string) => selectRefundsOf.all(orderId),
    /** The refunds made from `from` until before `to` (ms): the tax report's. */
    refundsBetween: (from: number, to: number) => selectRefundsBetween.all(from, to),

    /** The orders made from `from` until before `to` (ms), oldest first: the tax report's. */
    ordersMadeBetween: (from: number, to: number) =>
      selectOrdersMadeBetween.all(from, to).map((row) => toOrder(row)!),

    /** The order of our reference (its invoice number at PayPal), or null. */
    findOrderByRef: (ref: string) => toOrder(selectOrderByRef.get(ref)),

    /** The paid orders of an address, oldest first. */
    ordersOf: (email: string) => selectOrdersByEmail.all(email).map((row) => toOrder(row)!),

    /**
     * An order the service created at PayPal, not paid yet. Its code's use is taken under its
     * reference when the buyer approves (`takeCode`), and kept for good once it is paid.
     */
    createOrder(order: Omit<OrderRecord, 'status' | 'source'>) {
      insert({ ...order, source: 'checkout' }, 'created');
    },

    /** See `recordPaid` above: 'code-used-up' when its code had no use left for it. */
    recordPaid(
      order: Omit<OrderRecord, 'status'>,
      links: NewLink[],
      messages: NewMessage[],
      now: number,
      pastLimit?: NewMessage,
    ): boolean | 'code-used-up' {
      try {
        return recordPaid(order, links, messages, now, pastLimit);
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
     * The payment went back: the order's links stop working, e-mails with links (and the reminder
     * to review) that have not left yet never will, and the studio is told.
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

    /** How many things done once whose key starts with `prefix` were done since a moment. */
    noticesSince: (prefix: string, since: number) =>
      countNotices.get({ prefix, since })?.count ?? 0,

    /** An order's unrevoked, unexpired links, newest first. */
    liveLinks: (orderId: string, now: number) => selectLiveLinks.all(orderId, now),

    findLink: (id: string) => selectLink.get(id) ?? null,

    /**
     * A genuine link whose row the database lacks (restored from a backup older than the link),
     * written again for an order it holds: its copies counted afresh from now.
     */
    restoreLink(link: NewLink) {
      insertLinkOnce.run(link);
      return selectLink.get(link.id) ?? null;
    },

    /** E-mails whose (next) attempt is due. */
    dueMessages: (now: number): OutboxRecord[] =>
      selectDue.all(now).map((row) => ({ ...row, message: column(messageColumn, row.message) })),

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

    ...codes,

    ...copies,

    ...reviews,

    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
