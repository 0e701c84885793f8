// Buyers' reviews: one per buyer and pack (the first order's that wrote it), and the file in
// content/reviews/ each was written to.
import type { MessageWrites, NewMessage } from '../mail/outbox-store';
import type { Db, Tables } from '../store';

/** A buyer's review of a pack of an order: the file in content/reviews/ it was written to. */
export type ReviewRecord = {
  orderId: string;
  pack: string;
  file: string;
  createdAt: number;
  updatedAt: number;
  /** When its file was marked withdrawn (its order refunded in full), else null. */
  withdrawnAt: number | null;
};

/** A buyer's review of a pack of an order (v7): one per order and pack, and the file it is. */
const REVIEWS_TABLE = `CREATE TABLE reviews (
    orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    pack TEXT NOT NULL,
    file TEXT NOT NULL UNIQUE,
    createdAt INTEGER NOT NULL,
    updatedAt INTEGER NOT NULL,
    -- When its file was marked withdrawn, its order having been refunded in full.
    withdrawnAt INTEGER,
    PRIMARY KEY (orderId, pack)
  );`;

export const reviewTables: Tables = {
  create: REVIEWS_TABLE,
  upgrade(db, version) {
    if (version <= 6) db.exec(REVIEWS_TABLE);
    // v8: when a refunded order's review was withdrawn.
    if (version === 7) db.exec('ALTER TABLE reviews ADD COLUMN withdrawnAt INTEGER');
  },
};

export function reviewStore(
  db: Db,
  /** The outbox's writes, inside the review's transaction. */
  messages: MessageWrites,
) {
  const selectReview = db.prepare<[string, string], ReviewRecord>(
    'SELECT * FROM reviews WHERE orderId = ? AND pack = ?',
  );
  const insertReview = db.prepare(
    `INSERT OR IGNORE INTO reviews (orderId, pack, file, createdAt, updatedAt)
     VALUES (@orderId, @pack, @file, @createdAt, @updatedAt)`,
  );
  const touchReview = db.prepare('UPDATE reviews SET updatedAt = ? WHERE orderId = ? AND pack = ?');
  // The same buyer's reviews, by the address their orders went to (orders refunded in full left
  // out: their reviews are withdrawn), the first written first.
  const selectOfBuyer = db.prepare<[string], ReviewRecord>(
    `SELECT reviews.* FROM reviews JOIN orders ON orders.id = reviews.orderId
     WHERE orders.email = ? COLLATE NOCASE AND orders.status != 'refunded'
     ORDER BY reviews.createdAt`,
  );
  const selectOfOrder = db.prepare<[string], ReviewRecord>(
    'SELECT * FROM reviews WHERE orderId = ? ORDER BY createdAt',
  );
  const selectToWithdraw = db.prepare<[], ReviewRecord>(
    `SELECT reviews.* FROM reviews JOIN orders ON orders.id = reviews.orderId
     WHERE orders.status = 'refunded' AND reviews.withdrawnAt IS NULL`,
  );
  const markWithdrawn = db.prepare(
    'UPDATE reviews SET withdrawnAt = ? WHERE orderId = ? AND pack = ?',
  );
  return {
    findReview: (orderId: string, pack: string) => selectReview.get(orderId, pack) ?? null,

    /** Every review of the buyer with this address, of any pack, the first written first. */
    reviewsOfBuyer: (email: string) => selectOfBuyer.all(email),

    /**
     * A review written to its file: the reminders of its order and of the order whose link wrote
     * it are cancelled, and the studio's notice queued, in one transaction. A first review of the
     * buyer and pack is recorded; a later one (an update while it is pending) only moves its time.
     */
    reviewWritten: db.transaction(
      (
        review: Omit<ReviewRecord, 'createdAt' | 'updatedAt' | 'withdrawnAt'>,
        notice: NewMessage,
        now: number,
      ) => {
        const created =
          insertReview.run({ ...review, createdAt: now, updatedAt: now }).changes === 1;
        if (!created) touchReview.run(now, review.orderId, review.pack);
        messages.cancelMessages(review.orderId, ['reminder']);
        if (notice.orderId && notice.orderId !== review.orderId)
          messages.cancelMessages(notice.orderId, ['reminder']);
        // The studio's notice of this review (by its file, whichever of the buyer's orders'
        // links wrote it) still waiting for its time takes the newer words: the changes of a
        // review within the notice's window are one e-mail.
        if (!messages.replaceWaiting('review', review.file, notice.message, now))
          messages.addMessages([notice], now);
        return created;
      },
    ),

    /** The reviews of an order, in the order they were written. */
    reviewsOf: (orderId: string) => selectOfOrder.all(orderId),

    /** Reviews of orders refunded in full whose files are not marked withdrawn yet. */
    reviewsToWithdraw: () => selectToWithdraw.all(),

    reviewWithdrawn: (orderId: string, pack: string, now: number) =>
      void markWithdrawn.run(now, orderId, pack),
  };
}

export type ReviewStore = ReturnType<typeof reviewStore>;
