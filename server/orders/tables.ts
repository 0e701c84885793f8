// The orders' tables: each order PayPal was paid for (or the service created there), and the money
// given back on it.
import type { Tables } from '../store';
import { stateCheck } from './states';

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

export const orderTables: Tables = {
  create: `CREATE TABLE orders (
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
    CREATE INDEX orders_by_email ON orders (email COLLATE NOCASE);
    ${REFUNDS_TABLE}`,
  upgrade(db, version) {
    // v6: the terms of sale each order was made under (JSON).
    if (version <= 5) db.exec('ALTER TABLE orders ADD COLUMN terms TEXT');
    // v9: the tax each order's total includes (JSON; NULL for orders sold before tax), refunds.
    if (version <= 8) db.exec(`ALTER TABLE orders ADD COLUMN tax TEXT; ${REFUNDS_TABLE}`);
    if (version <= 11) db.exec('ALTER TABLE orders ADD COLUMN timeZone TEXT');
  },
  v2: {
    tables: ['orders'],
    indexes: ['orders_by_email'],
    copy: `INSERT INTO orders SELECT id, NULL, email, name, phone, address, lines, totalCents,
      currency, discountCode, discountCents, source, status, createdAt, deliveredAt, NULL, NULL,
      NULL FROM orders_v2;`,
  },
};
