// The booking's tables (store v13): bookings, their signed documents and signatures, the codes
// that prove a signer's address, payments, their refunds and PayPal attempts, the audit log, and
// the studio's sign-in links and sessions. Everything lives in the service's database only
// (server/README.md).
import type { Tables } from '../store';
import { bookingStateCheck } from './states';

const bookingsTable = (name: string) => `CREATE TABLE ${name} (
    id TEXT PRIMARY KEY,
    -- The proposal as it stands (JSON, server/booking/model.ts Proposal) and its version.
    proposal TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    -- What the last version changed, in words, for the couple (JSON array), or NULL.
    changes TEXT,
    status TEXT NOT NULL CHECK (${bookingStateCheck}),
    -- Bumped to withdraw every link of the booking (a token names the generation it was made in).
    generation INTEGER NOT NULL DEFAULT 1,
    withdrawnAt INTEGER,
    sentAt INTEGER,
    viewedAt INTEGER,
    -- v13: when the couple asked for a change the studio has not answered with a version since.
    changeAskedAt INTEGER,
    -- v13: what the contract's terms give back, fixed when the studio cancelled (a retry after
    -- PayPal failed half-way gives back the rest of it, never a new sum).
    refundOwedCents INTEGER,
    createdAt INTEGER NOT NULL,
    updatedAt INTEGER NOT NULL
  );`;

/**
 * Money given back on a payment (v13): one row per PayPal refund (its id), reversal
 * ('reversal:' and the capture's id) or refund recorded before v13 ('before-v13:'); what a
 * payment has had back is their sum, which the store never lets pass what it took.
 */
const REFUNDS_TABLE = `CREATE TABLE booking_refunds (
    id TEXT PRIMARY KEY,
    bookingId TEXT NOT NULL,
    instalment TEXT NOT NULL,
    cents INTEGER NOT NULL CHECK (cents > 0),
    taxCents INTEGER NOT NULL,
    reason TEXT NOT NULL CHECK (reason IN ('cancellation', 'paypal', 'reversal', 'before-v13')),
    at INTEGER NOT NULL,
    FOREIGN KEY (bookingId, instalment) REFERENCES booking_payments (bookingId, instalment)
      ON DELETE CASCADE
  );
  CREATE INDEX booking_refunds_by_payment ON booking_refunds (bookingId, instalment);`;

const BOOKING_TABLES = `
  ${bookingsTable('bookings')}
  -- The contract and each addendum, frozen at the first signature: the exact text signed.
  CREATE TABLE booking_documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bookingId TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('contract', 'addendum')),
    version TEXT NOT NULL,
    proposalVersion INTEGER NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    createdAt INTEGER NOT NULL,
    completedAt INTEGER
  );
  CREATE TABLE booking_signatures (
    documentId INTEGER NOT NULL REFERENCES booking_documents(id) ON DELETE CASCADE,
    signer INTEGER NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    consent TEXT NOT NULL,
    ip TEXT NOT NULL,
    userAgent TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (documentId, signer)
  );
  CREATE TABLE booking_codes (
    bookingId TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    signer INTEGER NOT NULL,
    codeHash TEXT NOT NULL,
    expiresAt INTEGER NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (bookingId, signer)
  );
  -- One payment per instalment: the database itself refuses a second.
  CREATE TABLE booking_payments (
    bookingId TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    instalment TEXT NOT NULL,
    cents INTEGER NOT NULL CHECK (cents > 0),
    taxCents INTEGER NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('paypal', 'etransfer', 'bank', 'cash')),
    payer TEXT NOT NULL,
    paypalOrderId TEXT UNIQUE,
    captureId TEXT UNIQUE,
    at INTEGER NOT NULL,
    PRIMARY KEY (bookingId, instalment)
  );
  ${REFUNDS_TABLE}
  -- Each PayPal order asked for an instalment, and who holds the instalment while paying it.
  CREATE TABLE booking_attempts (
    paypalOrderId TEXT PRIMARY KEY,
    bookingId TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    instalment TEXT NOT NULL,
    cents INTEGER NOT NULL,
    payer TEXT NOT NULL,
    holder TEXT NOT NULL,
    heldUntil INTEGER NOT NULL,
    createdAt INTEGER NOT NULL,
    -- v13: the booking's generation of links it was asked under (NULL: before v13).
    generation INTEGER
  );
  CREATE INDEX booking_attempts_by_instalment ON booking_attempts (bookingId, instalment);
  CREATE TABLE booking_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bookingId TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    at INTEGER NOT NULL
  );
  CREATE INDEX booking_audit_by_booking ON booking_audit (bookingId, at);
  CREATE TABLE staff_links (
    tokenHash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    expiresAt INTEGER NOT NULL,
    usedAt INTEGER
  );
  CREATE TABLE staff_sessions (
    idHash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    createdAt INTEGER NOT NULL,
    expiresAt INTEGER NOT NULL
  );
`;

/**
 * From store v11 or v12 to v13 (run with foreign keys off, in the migration's transaction): the
 * bookings' CHECK takes 'cancelling' (SQLite changes a CHECK only by a new table) and the column
 * of a change asked; each payment's refunded sum becomes a row of its own; attempts name their
 * generation of links.
 */
const BOOKING_V13 = `
  ${bookingsTable('bookings_v13')}
  INSERT INTO bookings_v13 (id, proposal, version, changes, status, generation, withdrawnAt,
      sentAt, viewedAt, changeAskedAt, refundOwedCents, createdAt, updatedAt)
    SELECT id, proposal, version, changes, status, generation, withdrawnAt, sentAt, viewedAt,
      (SELECT max(a.at) FROM booking_audit a WHERE a.bookingId = b.id
         AND a.action = 'asked for a change'
         AND a.id > coalesce((SELECT max(r.id) FROM booking_audit r
           WHERE r.bookingId = b.id AND r.action = 'revised'), 0)),
      NULL, createdAt, updatedAt
    FROM bookings b;
  DROP TABLE bookings;
  ALTER TABLE bookings_v13 RENAME TO bookings;
  ${REFUNDS_TABLE}
  INSERT INTO booking_refunds (id, bookingId, instalment, cents, taxCents, reason, at)
    SELECT 'before-v13:' || bookingId || ':' || instalment, bookingId, instalment, refundedCents,
      CAST(round(taxCents * 1.0 * refundedCents / cents) AS INTEGER), 'before-v13',
      coalesce(refundedAt, at)
    FROM booking_payments WHERE refundedCents > 0;
  ALTER TABLE booking_payments DROP COLUMN refundedCents;
  ALTER TABLE booking_payments DROP COLUMN refundedAt;
  ALTER TABLE booking_attempts ADD COLUMN generation INTEGER;
`;

export const bookingTables: Tables = {
  create: BOOKING_TABLES,
  upgrade(db, version) {
    // v11: weddings booked on the site.
    if (version <= 10) db.exec(BOOKING_TABLES);
    if (version >= 11) db.exec(BOOKING_V13);
  },
};
