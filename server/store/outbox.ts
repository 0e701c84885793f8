// The outbox of e-mails and the things done once (a webhook event handled, a notice sent), which
// every area writes in its own transactions: an e-mail is queued with the change it tells of, or
// not at all, and sent after a restart.
import type Database from 'better-sqlite3';
import { column, messageColumn } from './columns';
import type { MessageKind, NewMessage, OutboxRecord } from './records';

/**
 * The outbox's face. `sent` runs in the transaction that marks a message sent (an order's e-mail
 * with its links delivers the order).
 */
export function outboxStore(
  db: Database.Database,
  sent: (message: OutboxRecord, now: number) => void,
) {
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

  /** Queues e-mails inside the caller's transaction. */
  const add = (messages: NewMessage[], now: number) => {
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

  return {
    add,

    /** Queues e-mails that carry no links. */
    queue: db.transaction((messages: NewMessage[], now: number) => add(messages, now)),

    /**
     * Queues e-mails once per key (a webhook event, a refused order): false when that key was
     * seen before, and nothing is queued.
     */
    queueOnce: db.transaction((key: string, messages: NewMessage[], now: number) => {
      if (insertNotice.run(key, now).changes !== 1) return false;
      add(messages, now);
      return true;
    }),

    /** How many things done once whose key starts with `prefix` were done since a moment. */
    noticesSince: (prefix: string, since: number) =>
      countNotices.get({ prefix, since })?.count ?? 0,

    /** E-mails whose (next) attempt is due. */
    dueMessages: (now: number): OutboxRecord[] =>
      selectDue.all(now).map((row) => ({ ...row, message: column(messageColumn, row.message) })),

    /** When the next pending e-mail is due, or null when none is pending. */
    nextDue: () => selectNextDue.get()?.at ?? null,

    /** The mail server accepted the message. */
    markSent: db.transaction((message: OutboxRecord, now: number) => {
      setSent.run(now, message.id);
      sent(message, now);
    }),

    /** A failed attempt: tried again at `retryAt`, or given up for good when it is null. */
    markFailed(id: number, error: string, retryAt: number | null) {
      if (retryAt === null) setFailed.run(error, id);
      else setRetry.run(retryAt, error, id);
    },

    /** How many e-mails of a kind went to an address since a moment: the flood limit. */
    recentMessages: (kind: MessageKind, recipient: string, since: number) =>
      countRecent.get(kind, recipient, since)?.count ?? 0,
  };
}
