// The bookings' rows in the service's database (tables.ts): read and written here only, each
// change one transaction with its line in the audit log.
import type Database from 'better-sqlite3';
import type { PaymentMethod, Proposal } from './model';
import { signingStore } from './signing-store';
import { staffAccess } from './staff';

export type BookingStatus = 'draft' | 'sent' | 'signed' | 'cancelled';

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
  createdAt: number;
  updatedAt: number;
};

export type Booking = Omit<BookingRow, 'proposal' | 'changes'> & {
  proposal: Proposal;
  changes: string[];
};

export type DocumentRow = {
  id: number;
  bookingId: string;
  kind: 'contract' | 'addendum';
  version: string;
  proposalVersion: number;
  title: string;
  text: string;
  sha256: string;
  createdAt: number;
  completedAt: number | null;
};

export type SignatureRow = {
  documentId: number;
  signer: number;
  name: string;
  email: string;
  consent: string;
  ip: string;
  userAgent: string;
  at: number;
};

export type PaymentRow = {
  bookingId: string;
  instalment: string;
  cents: number;
  taxCents: number;
  method: PaymentMethod;
  payer: string;
  paypalOrderId: string | null;
  captureId: string | null;
  refundedCents: number;
  refundedAt: number | null;
  at: number;
};

/** A payment of a wedding with the tax of its booking, for the quarter's report. */
export type TaxedPayment = PaymentRow & { currency: string; tax: Proposal['tax'] };

export type AttemptRow = {
  paypalOrderId: string;
  bookingId: string;
  instalment: string;
  cents: number;
  payer: string;
  holder: string;
  heldUntil: number;
  createdAt: number;
};

export type AuditRow = { actor: string; action: string; detail: string; at: number };

const read = (row: BookingRow): Booking => ({
  ...row,
  proposal: JSON.parse(row.proposal) as Proposal,
  changes: row.changes ? (JSON.parse(row.changes) as string[]) : [],
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
          `UPDATE bookings SET proposal = ?, version = version + 1, changes = ?, updatedAt = ?
           WHERE id = ?`,
        ).run(JSON.stringify(proposal), JSON.stringify(changes), at, id);
        note(id, actor, 'revised', changes.join('; '), at);
      },
    ),

    setStatus: db.transaction(
      (id: string, status: BookingStatus, actor: string, detail: string, at: number) => {
        db.prepare('UPDATE bookings SET status = ?, updatedAt = ? WHERE id = ?').run(
          status,
          at,
          id,
        );
        note(id, actor, status, detail, at);
      },
    ),

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

    payments: (id: string) =>
      db
        .prepare<[string], PaymentRow>(
          'SELECT * FROM booking_payments WHERE bookingId = ? ORDER BY at',
        )
        .all(id),

    /** Payments made, or refunded, between two moments, with their booking's tax. */
    taxedPayments: (from: number, to: number): TaxedPayment[] =>
      db
        .prepare<[number, number, number, number], PaymentRow & { proposal: string }>(
          `SELECT p.*, b.proposal FROM booking_payments p JOIN bookings b ON b.id = p.bookingId
           WHERE (p.at >= ? AND p.at < ?) OR (p.refundedAt >= ? AND p.refundedAt < ?)`,
        )
        .all(from, to, from, to)
        .map(({ proposal, ...payment }) => {
          const { currency, tax } = JSON.parse(proposal) as Proposal;
          return { ...payment, currency, tax };
        }),

    /** Records a payment; false when the instalment was already paid (by this or another). */
    pay: db.transaction((payment: Omit<PaymentRow, 'refundedAt'>, actor: string) => {
      const added = db
        .prepare(
          `INSERT OR IGNORE INTO booking_payments
             (bookingId, instalment, cents, taxCents, method, payer, paypalOrderId, captureId,
              refundedCents, refundedAt, at)
           VALUES (@bookingId, @instalment, @cents, @taxCents, @method, @payer, @paypalOrderId,
              @captureId, @refundedCents, NULL, @at)`,
        )
        .run(payment).changes;
      if (added) {
        note(
          payment.bookingId,
          actor,
          'payment',
          `${payment.instalment}: ${payment.cents} by ${payment.method} (${payment.payer})`,
          payment.at,
        );
      }
      return added > 0;
    }),

    refunded: db.transaction(
      (id: string, instalment: string, cents: number, actor: string, at: number) => {
        db.prepare(
          'UPDATE booking_payments SET refundedCents = refundedCents + ?, refundedAt = ? WHERE bookingId = ? AND instalment = ?',
        ).run(cents, at, id, instalment);
        note(id, actor, 'refund', `${instalment}: ${cents}`, at);
      },
    ),

    /**
     * Holds an instalment for a payer while PayPal is asked, unless someone else holds it or it
     * is paid: what makes a second payer hear "someone is paying" before PayPal is asked.
     */
    hold: db.transaction(
      (
        id: string,
        instalment: string,
        holder: string,
        payer: string,
        now: number,
        heldUntil: number,
      ): 'held' | 'paid' | 'busy' => {
        const paid = db
          .prepare('SELECT 1 FROM booking_payments WHERE bookingId = ? AND instalment = ?')
          .get(id, instalment);
        if (paid) return 'paid';
        const busy = db
          .prepare(
            'SELECT 1 FROM booking_attempts WHERE bookingId = ? AND instalment = ? AND heldUntil > ? AND holder != ?',
          )
          .get(id, instalment, now, holder);
        if (busy) return 'busy';
        // Held before PayPal is asked, so that a second payer meanwhile is told at once.
        db.prepare(
          `INSERT OR REPLACE INTO booking_attempts
             (paypalOrderId, bookingId, instalment, cents, payer, holder, heldUntil, createdAt)
           VALUES (?, ?, ?, 0, ?, ?, ?, ?)`,
        ).run(`hold:${id}:${instalment}:${holder}`, id, instalment, payer, holder, heldUntil, now);
        return 'held';
      },
    ),

    /** The PayPal order asked for under a hold, which it replaces. */
    attempt: db.transaction((attempt: AttemptRow) => {
      db.prepare('DELETE FROM booking_attempts WHERE paypalOrderId = ?').run(
        `hold:${attempt.bookingId}:${attempt.instalment}:${attempt.holder}`,
      );
      db.prepare(
        `INSERT OR REPLACE INTO booking_attempts
           (paypalOrderId, bookingId, instalment, cents, payer, holder, heldUntil, createdAt)
         VALUES (@paypalOrderId, @bookingId, @instalment, @cents, @payer, @holder, @heldUntil,
           @createdAt)`,
      ).run(attempt);
    }),

    findAttempt: (paypalOrderId: string) =>
      db
        .prepare<[string], AttemptRow>('SELECT * FROM booking_attempts WHERE paypalOrderId = ?')
        .get(paypalOrderId) ?? null,

    release: (paypalOrderId: string) =>
      db
        .prepare('UPDATE booking_attempts SET heldUntil = 0 WHERE paypalOrderId = ?')
        .run(paypalOrderId),
  };
}

export type BookingStore = ReturnType<typeof bookingStore>;
