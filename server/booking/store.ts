// The bookings' rows in the service's database (tables.ts): read and written here only, each
// change one transaction with its line in the audit log.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { proposalSchema, type PaymentMethod, type Proposal } from './model';
import { signingStore } from './signing-store';
import { bookingMayGuard, bookingMoveGuard, type BookingStatus } from './states';
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

export type PaymentRow = {
  bookingId: string;
  instalment: string;
  cents: number;
  taxCents: number;
  method: PaymentMethod;
  payer: string;
  paypalOrderId: string | null;
  captureId: string | null;
  at: number;
};

/** A payment with what it has had back (the sum of its refunds' rows) and when it last had. */
export type Payment = PaymentRow & { refundedCents: number; refundedAt: number | null };

export type RefundReason = 'cancellation' | 'paypal' | 'reversal';

export type RefundRow = {
  id: string;
  bookingId: string;
  instalment: string;
  cents: number;
  taxCents: number;
  reason: RefundReason | 'before-v13';
  at: number;
};

/** A wedding's payment or refund, with its booking's currency and tax, for the quarter's report. */
export type Taxed<T> = T & { currency: string; tax: Proposal['tax'] };

export type AttemptRow = {
  paypalOrderId: string;
  bookingId: string;
  instalment: string;
  cents: number;
  payer: string;
  holder: string;
  heldUntil: number;
  createdAt: number;
  generation: number | null;
};

export type AuditRow = { actor: string; action: string; detail: string; at: number };

/** What the service wrote in a booking's JSON columns, read back through their schemas. */
const changesColumn = z.array(z.string());
const proposalOf = (text: string): Proposal => proposalSchema.parse(JSON.parse(text));

const read = (row: BookingRow): Booking => ({
  ...row,
  proposal: proposalOf(row.proposal),
  changes: row.changes ? changesColumn.parse(JSON.parse(row.changes)) : [],
});

/** A payment's columns and what it has had back. */
const PAYMENTS = `SELECT p.*, coalesce(sum(r.cents), 0) AS refundedCents, max(r.at) AS refundedAt
  FROM booking_payments p LEFT JOIN booking_refunds r
    ON r.bookingId = p.bookingId AND r.instalment = p.instalment`;

export function bookingStore(db: Database.Database) {
  const audit = db.prepare(
    'INSERT INTO booking_audit (bookingId, actor, action, detail, at) VALUES (?, ?, ?, ?, ?)',
  );
  const selectBooking = db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE id = ?');
  const note = (id: string, actor: string, action: string, detail: string, at: number) =>
    audit.run(id, actor, action, detail, at);

  /** A table's rows made between two moments, with their booking's currency and tax. */
  const taxedBetween = <T>(
    table: 'booking_payments' | 'booking_refunds',
    from: number,
    to: number,
  ): Taxed<T>[] =>
    db
      .prepare<[number, number], T & { proposal: string }>(
        `SELECT x.*, b.proposal FROM ${table} x JOIN bookings b ON b.id = x.bookingId
         WHERE x.at >= ? AND x.at < ?`,
      )
      .all(from, to)
      .map(taxed);

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
    claimCancel: db.transaction((id: string, owedCents: number, actor: string, at: number) => {
      const moved = db
        .prepare(
          `UPDATE bookings SET status = 'cancelling', refundOwedCents = ?, updatedAt = ?
           WHERE id = ? AND ${bookingMoveGuard('cancelling')}`,
        )
        .run(owedCents, at, id).changes;
      if (moved) note(id, actor, 'cancelling', `the terms give back ${owedCents}`, at);
      return moved > 0;
    }),

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

    payments: (id: string) =>
      db
        .prepare<[string], Payment>(
          `${PAYMENTS} WHERE p.bookingId = ? GROUP BY p.bookingId, p.instalment ORDER BY p.at, p.rowid`,
        )
        .all(id),

    /** The booking's payment PayPal captured as `captureId`, or null. */
    paymentByCapture: (captureId: string) =>
      db
        .prepare<[string], Payment>(
          `${PAYMENTS} WHERE p.captureId = ? GROUP BY p.bookingId, p.instalment`,
        )
        .get(captureId) ?? null,

    /** Payments made between two moments, with their booking's currency and tax. */
    taxedPayments: (from: number, to: number) =>
      taxedBetween<PaymentRow>('booking_payments', from, to),

    /** Refunds made between two moments (of payments of any time), with their booking's tax. */
    taxedRefunds: (from: number, to: number) =>
      taxedBetween<RefundRow>('booking_refunds', from, to),

    /**
     * Records a payment while the booking may be paid: 'added', or 'paid' when the instalment
     * was paid already (by this or another), or 'closed' when the booking is cancelled (or being
     * cancelled) and nothing is recorded.
     */
    pay: db.transaction((payment: PaymentRow, actor: string): 'added' | 'paid' | 'closed' => {
      const open = db
        .prepare(`SELECT 1 FROM bookings WHERE id = ? AND ${bookingMayGuard('pay')}`)
        .get(payment.bookingId);
      if (!open) return 'closed';
      const added = db
        .prepare(
          `INSERT OR IGNORE INTO booking_payments
             (bookingId, instalment, cents, taxCents, method, payer, paypalOrderId, captureId, at)
           VALUES (@bookingId, @instalment, @cents, @taxCents, @method, @payer, @paypalOrderId,
              @captureId, @at)`,
        )
        .run(payment).changes;
      if (!added) return 'paid';
      note(
        payment.bookingId,
        actor,
        'payment',
        `${payment.instalment}: ${payment.cents} by ${payment.method} (${payment.payer})`,
        payment.at,
      );
      return 'added';
    }),

    /**
     * Money given back on a payment, once per id (PayPal's for the refund): false when that id
     * was recorded already, or when it would give back more than the payment took.
     */
    refunded: db.transaction((refund: Omit<RefundRow, 'taxCents'>, actor: string): boolean => {
      const payment = db
        .prepare<[string, string], Payment>(
          `${PAYMENTS} WHERE p.bookingId = ? AND p.instalment = ? GROUP BY p.bookingId, p.instalment`,
        )
        .get(refund.bookingId, refund.instalment);
      if (!payment || payment.refundedCents + refund.cents > payment.cents) return false;
      const taxCents = Math.round((payment.taxCents * refund.cents) / payment.cents);
      const added = db
        .prepare(
          `INSERT OR IGNORE INTO booking_refunds
               (id, bookingId, instalment, cents, taxCents, reason, at)
             VALUES (@id, @bookingId, @instalment, @cents, @taxCents, @reason, @at)`,
        )
        .run({ ...refund, taxCents }).changes;
      if (added) {
        note(
          refund.bookingId,
          actor,
          'refund',
          `${refund.instalment}: ${refund.cents} (${refund.reason}, ${refund.id})`,
          refund.at,
        );
      }
      return added > 0;
    }),

    /** Whether a refund's id is recorded (on any booking). */
    hasRefund: (id: string) => !!db.prepare('SELECT 1 FROM booking_refunds WHERE id = ?').get(id),

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
           (paypalOrderId, bookingId, instalment, cents, payer, holder, heldUntil, createdAt,
              generation)
         VALUES (@paypalOrderId, @bookingId, @instalment, @cents, @payer, @holder, @heldUntil,
           @createdAt, @generation)`,
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

function taxed<T>({ proposal, ...row }: T & { proposal: string }): Taxed<T> {
  const { currency, tax } = proposalOf(proposal);
  // The row is T with its booking's proposal beside it, which is taken apart here.
  return { ...(row as T), currency, tax };
}
