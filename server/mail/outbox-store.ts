// The outbox of e-mails and the things done once (a webhook event handled, a notice sent), which
// every area writes in its own transactions: an e-mail is queued with the change it tells of, or
// not at all, and sent after a restart (./outbox.ts sends them).
import { z } from 'zod';
import { column, type Db, type Tables } from '../store';
import type { Message } from './transport';

/**
 * What an outbox message is: the buyer's order e-mail marks the order delivered once it is sent;
 * the reminder to review waits days, and is cancelled by a review or a refund.
 */
export type MessageKind = 'buyer' | 'studio' | 'links' | 'alert' | 'reminder' | 'review';

export type OutboxRecord = {
  id: number;
  orderId: string | null;
  kind: MessageKind;
  message: Message;
  attempts: number;
};

export type NewMessage = {
  orderId: string | null;
  kind: MessageKind;
  message: Message;
  /** When it is first due (default: at once). */
  at?: number;
};

/** A queued e-mail, as the outbox's JSON column holds it. */
const messageColumn: z.ZodType<Message> = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  messageId: z.string().optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string(),
        contentType: z.string(),
        encoding: z.literal('base64'),
        content: z.string(),
      }),
    )
    .optional(),
});

/**
 * The outbox (v7 added the kinds 'reminder', the buyer's one reminder to review, and 'review',
 * the studio's notice of a new review: SQLite changes a CHECK only by a new table).
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

const OUTBOX_INDEXES = `
  CREATE INDEX outbox_due ON outbox (status, nextAttemptAt);
  CREATE INDEX outbox_by_recipient ON outbox (kind, recipient COLLATE NOCASE, createdAt);
`;

export const outboxTables: Tables = {
  create: `${outboxTable('outbox')}
    -- Things done once: a webhook event handled, a refused order reported to the studio.
    CREATE TABLE notices (key TEXT PRIMARY KEY, at INTEGER NOT NULL);
    ${OUTBOX_INDEXES}`,
  upgrade(db, version) {
    // v7: the new kinds (a new table, its rows copied: nothing refers to it).
    if (version <= 6) {
      db.exec(`${outboxTable('outbox_v7')}
        INSERT INTO outbox_v7 SELECT * FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_v7 RENAME TO outbox;
        ${OUTBOX_INDEXES}`);
    }
  },
  v2: {
    tables: ['outbox'],
    indexes: ['outbox_due', 'outbox_by_recipient'],
    copy: 'INSERT INTO outbox SELECT * FROM outbox_v2;',
  },
};

/**
 * The outbox's face. `sent` runs in the transaction that marks a message sent (an order's e-mail
 * with its links delivers the order).
 */
export function outboxStore(db: Db, sent: (message: OutboxRecord, now: number) => void) {
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

  const cancelPending = db.prepare<[string, string]>(
    `UPDATE outbox SET status = 'cancelled'
     WHERE orderId = ? AND status = 'pending' AND kind IN (SELECT value FROM json_each(?))`,
  );

  const replaceWaiting = db.prepare(
    `UPDATE outbox SET message = @message, recipient = @recipient
     WHERE kind = @kind AND status = 'pending' AND attempts = 0
       AND nextAttemptAt > @now AND instr(message, @marker) > 0`,
  );

  /** Queues e-mails inside the caller's transaction. */
  const addMessages = (messages: NewMessage[], now: number) => {
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
    addMessages,

    /** An order's e-mails of these kinds that have not left yet never will (caller's transaction). */
    cancelMessages: (orderId: string, kinds: MessageKind[]) =>
      void cancelPending.run(orderId, JSON.stringify(kinds)),

    /**
     * A message of a kind still waiting for its time (not due, so not being sent) whose text
     * holds `marker`: given the newer words (caller's transaction). False when none waits.
     */
    replaceWaiting: (
      kind: MessageKind,
      marker: string,
      message: NewMessage['message'],
      now: number,
    ) =>
      replaceWaiting.run({
        kind,
        marker,
        recipient: message.to,
        message: JSON.stringify(message),
        now,
      }).changes > 0,

    /** Queues e-mails that carry no links. */
    queue: db.transaction((messages: NewMessage[], now: number) => addMessages(messages, now)),

    /**
     * Queues e-mails once per key (a webhook event, a refused order): false when that key was
     * seen before, and nothing is queued.
     */
    queueOnce: db.transaction((key: string, messages: NewMessage[], now: number) => {
      if (insertNotice.run(key, now).changes !== 1) return false;
      addMessages(messages, now);
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

/** What another feature's transactions write of the outbox. */
export type MessageWrites = Pick<
  ReturnType<typeof outboxStore>,
  'addMessages' | 'cancelMessages' | 'replaceWaiting'
>;

/** What the rest of the service asks of the outbox. */
export type OutboxStore = Omit<ReturnType<typeof outboxStore>, keyof MessageWrites>;
