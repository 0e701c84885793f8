// Buyers' reviews: one per order and pack, and the file in content/reviews/ each was written to.
import type Database from 'better-sqlite3';
import type { NewMessage, ReviewRecord } from './records';

export function reviewStore(
  db: Database.Database,
  /** The store's own way of queueing e-mails. */
  queue: (messages: NewMessage[], now: number) => void,
) {
  const selectReview = db.prepare<[string, string], ReviewRecord>(
    'SELECT * FROM reviews WHERE orderId = ? AND pack = ?',
  );
  const insertReview = db.prepare(
    `INSERT OR IGNORE INTO reviews (orderId, pack, file, createdAt, updatedAt)
     VALUES (@orderId, @pack, @file, @createdAt, @updatedAt)`,
  );
  const touchReview = db.prepare('UPDATE reviews SET updatedAt = ? WHERE orderId = ? AND pack = ?');
  const cancelReminder = db.prepare(
    `UPDATE outbox SET status = 'cancelled'
     WHERE orderId = ? AND status = 'pending' AND kind = 'reminder'`,
  );

  return {
    findReview: (orderId: string, pack: string) => selectReview.get(orderId, pack) ?? null,

    /**
     * A review written to its file: the order's reminder is cancelled, and the studio's notice
     * queued, in one transaction. A first review of the order and pack is recorded; a later one
     * (an update while it is pending) only moves its time.
     */
    reviewWritten: db.transaction(
      (review: Omit<ReviewRecord, 'createdAt' | 'updatedAt'>, notice: NewMessage, now: number) => {
        const created =
          insertReview.run({ ...review, createdAt: now, updatedAt: now }).changes === 1;
        if (!created) touchReview.run(now, review.orderId, review.pack);
        cancelReminder.run(review.orderId);
        queue([notice], now);
        return created;
      },
    ),
  };
}
