// A booking's money as rows (tables.ts): each payment of an instalment, each refund of one by its
// id (what a payment has had back is their sum, never more than it took), and each PayPal order
// asked for an instalment with who holds it while paying. Part of the booking's store (store.ts).
import type Database from 'better-sqlite3';
import { readProposal, type PaymentMethod, type Proposal } from './model';
import { bookingMayGuard } from './states';

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

/** A payment's columns and what it has had back. */
const PAYMENTS = `SELECT p.*, coalesce(sum(r.cents), 0) AS refundedCents, max(r.at) AS refundedAt
  FROM booking_payments p LEFT JOIN booking_refunds r
    ON r.bookingId = p.bookingId AND r.instalment = p.instalment`;

export function moneyStore(
  db: Database.Database,
  note: (id: string, actor: string, action: string, detail: string, at: number) => unknown,
) {
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
    /** A booking's refunds, oldest first. */
    refunds: (id: string) =>
      db
        .prepare<[string], RefundRow>(
          'SELECT * FROM booking_refunds WHERE bookingId = ? ORDER BY at, rowid',
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
    pay: db.transaction(
      (payment: PaymentRow, actor: string, said: string): 'added' | 'paid' | 'closed' => {
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
        note(payment.bookingId, actor, 'payment', said, payment.at);
        return 'added';
      },
    ),

    /**
     * Money given back on a payment, once per id (PayPal's for the refund): false when that id
     * was recorded already, or when it would give back more than the payment took.
     */
    refunded: db.transaction(
      (refund: Omit<RefundRow, 'taxCents'>, actor: string, said: string): boolean => {
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
          note(refund.bookingId, actor, 'refund', said, refund.at);
        }
        return added > 0;
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

function taxed<T>({ proposal, ...row }: T & { proposal: string }): Taxed<T> {
  const { currency, tax } = readProposal(proposal);
  // The row is T with its booking's proposal beside it, which is taken apart here.
  return { ...(row as T), currency, tax };
}
