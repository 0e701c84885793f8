import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type OrderRecord = {
  id: string;
  email: string;
  name: string;
  items: string[];
  totalCents: number;
  status: 'sending' | 'delivered';
  createdAt: number;
};

export type LinkRecord = {
  id: string;
  orderId: string;
  pack: string;
  expiresAt: number;
  downloads: number;
};

type OrderRow = Omit<OrderRecord, 'items'> & { items: string };

/**
 * The orders the service has confirmed and the download links it has sent, in an SQLite file so
 * that a restart forgets nothing. An order is claimed before its e-mail is sent, so two calls for
 * the same order can never both send.
 */
export function openStore(file: string) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(`
    CREATE TABLE IF NOT EXISTS orders (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      name TEXT NOT NULL,
      items TEXT NOT NULL,
      totalCents INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('sending', 'delivered')),
      createdAt INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS links (
      id TEXT PRIMARY KEY,
      orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      pack TEXT NOT NULL,
      expiresAt INTEGER NOT NULL,
      downloads INTEGER NOT NULL DEFAULT 0
    );
  `);

  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const insertOrder = db.prepare(
    `INSERT OR IGNORE INTO orders (id, email, name, items, totalCents, status, createdAt)
     VALUES (@id, @email, @name, @items, @totalCents, 'sending', @createdAt)`,
  );
  const setStatus = db.prepare('UPDATE orders SET status = ? WHERE id = ?');
  const deleteOrder = db.prepare('DELETE FROM orders WHERE id = ?');
  const insertLink = db.prepare(
    'INSERT INTO links (id, orderId, pack, expiresAt) VALUES (@id, @orderId, @pack, @expiresAt)',
  );
  const selectLink = db.prepare<[string], LinkRecord>('SELECT * FROM links WHERE id = ?');
  const countDownload = db.prepare(
    'UPDATE links SET downloads = downloads + 1 WHERE id = ? AND downloads < ?',
  );

  const toOrder = (row: OrderRow | undefined): OrderRecord | null =>
    row ? { ...row, items: JSON.parse(row.items) as string[] } : null;

  return {
    findOrder: (id: string) => toOrder(selectOrder.get(id)),

    /** Records a new order as being sent; null when the order id is already known. */
    claimOrder(order: Omit<OrderRecord, 'status'>): OrderRecord | null {
      const { changes } = insertOrder.run({ ...order, items: JSON.stringify(order.items) });
      return changes === 1 ? { ...order, status: 'sending' } : null;
    },

    markDelivered: (id: string) => void setStatus.run('delivered', id),

    /** Forgets an order whose e-mail could not be sent, so that the checkout's retry can send it. */
    releaseOrder: (id: string) => void deleteOrder.run(id),

    addLinks: db.transaction((links: Omit<LinkRecord, 'downloads'>[]) => {
      for (const link of links) insertLink.run(link);
    }),

    findLink: (id: string) => selectLink.get(id) ?? null,

    /** Counts one download; false when the link has none left. */
    useLink: (id: string, limit: number) => countDownload.run(id, limit).changes === 1,

    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
