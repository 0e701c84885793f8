// The bookings' rows in the service's database (tables.ts): read and written here only, each
// change one transaction with its line in the audit log.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { readProposal, type Proposal } from './model';
import { moneyStore } from './money-store';
import { signingStore } from './signing-store';
import { bookingMoveGuard, type BookingStatus } from './states';
import { staffAccess } from './staff';

export type { BookingStatus } from './states';

export type BookingRow = {
  id: string;
  proposal: string;
  version: number;
  changes: string | null;
  status: BookingStatus;
  generation: number;
  withdrawnAt: number | null;
  sentAt: number | null;
  viewedAt: number | null;
  changeAskedAt: number | null;
  refundOwedCents: number | null;
  createdAt: number;
  updatedAt: number;
};

export type Booking = Omit<BookingRow, 'proposal' | 'changes'> & {
  proposal: Proposal;
  changes: string[];
};

export type { DocumentRow, SignatureRow } from './signing-store';
export type {
  AttemptRow,
  Payment,
  PaymentRow,
  RefundReason,
  RefundRow,
  Taxed,
} from './money-store';

export type AuditRow = { actor: string; action: string; detail: string; at: number };

/** What the service wrote in a booking's JSON columns, read back through their schemas. */
const changesColumn = z.array(z.string());

const read = (row: BookingRow): Booking => ({
  ...row,
  proposal: readProposal(row.proposal),
  changes: row.changes ? changesColumn.parse(JSON.parse(row.changes)) : [],
});

export function bookingStore(db: Database.Database) {
  const audit = db.prepare(
    'INSERT INTO booking_audit (bookingId, actor, action, detail, at) VALUES (?, ?, ?, ?, ?)',
  );
  const selectBooking = db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE id = ?');
  const note = (id: string, actor: string, action: string, detail: string, at: number) =>
    audit.run(id, actor, action, detail, at);

  return {
    ...signingStore(db, note),
    ...moneyStore(db, note),
    /** The studio's sign-in links and sessions (staff.ts), in the same database. */
    staff: (options: Parameters<typeof staffAccess>[1]) => staffAccess(db, options),
    note,
    get: (id: string) => {
      const row = selectBooking.get(id);
      return row ? read(row) : null;
    },
    all: () =>
      db.prepare<[], BookingRow>('SELECT * FROM bookings ORDER BY createdAt DESC').all().map(read),

    create: db.transaction((id: string, proposal: Proposal, actor: string, at: number) => {
      db.prepare(
        `INSERT INTO bookings (id, proposal, status, createdAt, updatedAt)
         VALUES (?, ?, 'draft', ?, ?)`,
      ).run(id, JSON.stringify(proposal), at, at);
      note(id, actor, 'created', proposal.couple, at);
    }),

    /** A new version of the proposal, with what changed in words for the couple. */
    revise: db.transaction(
      (id: string, proposal: Proposal, changes: string[], actor: string, at: number) => {
        db.prepare(
          `UPDATE bookings SET proposal = ?, version = version + 1, changes = ?, updatedAt = ?,
             changeAskedAt = NULL
           WHERE id = ?`,
        ).run(JSON.stringify(proposal), JSON.stringify(changes), at, id);
        note(id, actor, 'revised', changes.join('; '), at);
      },
    ),

    /** Moves the booking to `to` if the move is allowed from where it stands; false if not. */
    move: db.transaction(
      (id: string, to: BookingStatus, actor: string, detail: string, at: number): boolean => {
        const moved = db
          .prepare(
            `UPDATE bookings SET status = ?, updatedAt = ? WHERE id = ? AND ${bookingMoveGuard(to)}`,
          )
          .run(to, at, id).changes;
        if (moved) note(id, actor, to, detail, at);
        return moved > 0;
      },
    ),

    /**
     * The studio's cancellation takes the booking before PayPal is asked: nothing can be paid on
     * it from now on, and what its terms give back is fixed. False when it cannot be cancelled.
     */
    claimCancel: db.transaction(
      (id: string, owedCents: number, actor: string, at: number, said: string) => {
        const moved = db
          .prepare(
            `UPDATE bookings SET status = 'cancelling', refundOwedCents = ?, updatedAt = ?
           WHERE id = ? AND ${bookingMoveGuard('cancelling')}`,
          )
          .run(owedCents, at, id).changes;
        if (moved) note(id, actor, 'cancelling', said, at);
        return moved > 0;
      },
    ),

    /** The couple asked for a change: the studio's list shows it until the next version. */
    askedChange: db.transaction((id: string, message: string, at: number) => {
      db.prepare('UPDATE bookings SET changeAskedAt = ? WHERE id = ?').run(at, id);
      note(id, 'couple', 'asked for a change', message, at);
    }),

    sent: db.transaction((id: string, actor: string, at: number) => {
      db.prepare(
        `UPDATE bookings SET sentAt = ?, updatedAt = ?,
           status = CASE status WHEN 'draft' THEN 'sent' ELSE status END
         WHERE id = ?`,
      ).run(at, at, id);
      note(id, actor, 'sent', '', at);
    }),

    /** The first time the couple opened their link (later openings are not recorded). */
    viewed: (id: string, at: number) => {
      const changed = db
        .prepare('UPDATE bookings SET viewedAt = ? WHERE id = ? AND viewedAt IS NULL')
        .run(at, id).changes;
      if (changed > 0) note(id, 'couple', 'viewed', '', at);
    },

    /** Every link of the booking made before now stops working. */
    withdraw: db.transaction((id: string, actor: string, at: number) => {
      db.prepare(
        'UPDATE bookings SET generation = generation + 1, withdrawnAt = ?, updatedAt = ? WHERE id = ?',
      ).run(at, at, id);
      note(id, actor, 'links withdrawn', '', at);
    }),

    /** New links for the booking (after a withdrawal): the old ones stay void. */
    reissue: db.transaction((id: string, actor: string, at: number) => {
      db.prepare(
        'UPDATE bookings SET generation = generation + 1, withdrawnAt = NULL, updatedAt = ? WHERE id = ?',
      ).run(at, id);
      note(id, actor, 'links reissued', '', at);
    }),

    audit: (id: string) =>
      db
        .prepare<[string], AuditRow>(
          'SELECT actor, action, detail, at FROM booking_audit WHERE bookingId = ? ORDER BY id',
        )
        .all(id),
  };
}

export type BookingStore = ReturnType<typeof bookingStore>;
