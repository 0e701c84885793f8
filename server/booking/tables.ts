// The booking's tables (store v11): bookings, their signed documents and signatures, the codes
// that prove a signer's address, payments and PayPal attempts, the audit log, and the studio's
// sign-in links and sessions. Everything lives in the service's database only (server/README.md).
export const BOOKING_TABLES = `
  CREATE TABLE bookings (
    id TEXT PRIMARY KEY,
    -- The proposal as it stands (JSON, server/booking/model.ts Proposal) and its version.
    proposal TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    -- What the last version changed, in words, for the couple (JSON array), or NULL.
    changes TEXT,
    status TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'signed', 'cancelled')),
    -- Bumped to withdraw every link of the booking (a token names the generation it was made in).
    generation INTEGER NOT NULL DEFAULT 1,
    withdrawnAt INTEGER,
    sentAt INTEGER,
    viewedAt INTEGER,
    createdAt INTEGER NOT NULL,
    updatedAt INTEGER NOT NULL
  );
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
    refundedCents INTEGER NOT NULL DEFAULT 0,
    -- When money was last given back on it (the quarter's report counts it then).
    refundedAt INTEGER,
    at INTEGER NOT NULL,
    PRIMARY KEY (bookingId, instalment)
  );
  -- Each PayPal order asked for an instalment, and who holds the instalment while paying it.
  CREATE TABLE booking_attempts (
    paypalOrderId TEXT PRIMARY KEY,
    bookingId TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    instalment TEXT NOT NULL,
    cents INTEGER NOT NULL,
    payer TEXT NOT NULL,
    holder TEXT NOT NULL,
    heldUntil INTEGER NOT NULL,
    createdAt INTEGER NOT NULL
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
