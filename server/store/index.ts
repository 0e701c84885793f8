import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { orderStore } from '../orders/store';
import { codeStore } from './codes';
import { migrate } from './schema';
import { copyStore } from './copies';
import { outboxStore } from './outbox';
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
  // An e-mail marked sent may deliver its order: the orders' part of that transaction.
  const { add: addMessages, ...outbox } = outboxStore(db, (message, now) => sent(message, now));
  const { sent, ...orders } = orderStore(db, { addMessages, takeUse, keepUsePastLimit });

  return {
    /** Weddings booked on the site (server/booking/store.ts). */
    bookings: bookingStore(db),

    ...orders,

    ...outbox,

    ...codes,

    ...copyStore(db),

    ...reviewStore(db, addMessages),

    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
