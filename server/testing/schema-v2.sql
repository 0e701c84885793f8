-- The schema of version 2 of the service's database (before orders were created by the service),
-- for the migration test.
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
