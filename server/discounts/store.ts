// Discount codes and their uses: how many a code has left is decided here, atomically, so that
// buyers racing for the last use cannot both get it.
import { z } from 'zod';
import type { DiscountRule } from '@/lib/shared/order';
import { column, type Db, type Tables } from '../store';

/** A discount code and its terms, as the studio sets them with `npm run codes`. */
export type CodeRecord = DiscountRule & {
  expiresAt: number | null;
  usageLimit: number | null;
  disabled: boolean;
  createdAt: number;
  /** Known again from a paid order's seal after a restore (never sold until the studio adds it). */
  restoredAt?: number | null;
};

export type CodeRow = Omit<CodeRecord, 'packs' | 'disabled'> & {
  packs: string | null;
  disabled: number;
};
/** The packs a code is limited to (JSON). */
const packsColumn = z.array(z.string());

export const codeTables: Tables = {
  create: `CREATE TABLE codes (
      code TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
      value INTEGER NOT NULL CHECK (value > 0),
      packs TEXT,
      minimumCents INTEGER,
      expiresAt INTEGER,
      usageLimit INTEGER,
      disabled INTEGER NOT NULL DEFAULT 0,
      createdAt INTEGER NOT NULL,
      -- v10: a code a paid order used that the database lacked (made after its backup), known again
      -- from the order's seal: a record of its uses, never sold (disabled) until the studio adds it.
      restoredAt INTEGER
    );
    -- A use of a code by an order (its reference, or PayPal's id for a browser-created order):
    -- held until heldUntil while the order is not paid, for good (NULL) once it is.
    CREATE TABLE code_uses (
      code TEXT NOT NULL REFERENCES codes(code),
      ref TEXT NOT NULL,
      usedAt INTEGER NOT NULL,
      heldUntil INTEGER,
      -- Who asked for the hold (the client's address): a client keeps only a few open at once.
      holder TEXT,
      PRIMARY KEY (code, ref)
    );`,
  upgrade(db, version) {
    if (version === 3) db.exec('ALTER TABLE code_uses ADD COLUMN holder TEXT');
    if (version <= 9) db.exec('ALTER TABLE codes ADD COLUMN restoredAt INTEGER');
  },
  v2: {
    tables: ['codes', 'code_uses'],
    indexes: [],
    copy: `INSERT INTO codes (code, kind, value, packs, minimumCents, expiresAt, usageLimit, disabled,
        createdAt) SELECT * FROM codes_v2;
      INSERT INTO code_uses SELECT code, orderId, usedAt, NULL, NULL FROM code_uses_v2;`,
  },
};

export function codeStore(db: Db) {
  // A code restored from an order's seal is replaced by the studio's own (its uses kept).
  const insertCode = db.prepare(
    `INSERT INTO codes (code, kind, value, packs, minimumCents, expiresAt, usageLimit, createdAt)
     VALUES (@code, @kind, @value, @packs, @minimumCents, @expiresAt, @usageLimit, @createdAt)
     ON CONFLICT (code) DO UPDATE SET kind = excluded.kind, value = excluded.value,
       packs = excluded.packs, minimumCents = excluded.minimumCents,
       expiresAt = excluded.expiresAt, usageLimit = excluded.usageLimit,
       createdAt = excluded.createdAt, disabled = 0, restoredAt = NULL
     WHERE codes.restoredAt IS NOT NULL`,
  );
  const insertRestored = db.prepare(
    `INSERT OR IGNORE INTO codes
       (code, kind, value, packs, minimumCents, expiresAt, usageLimit, disabled, createdAt, restoredAt)
     VALUES (?, 'fixed', ?, NULL, NULL, NULL, NULL, 1, ?, ?)`,
  );
  const selectCode = db.prepare<[string], CodeRow>('SELECT * FROM codes WHERE code = ?');
  const selectCodes = db.prepare<[], CodeRow & { uses: number }>(
    `SELECT codes.*,
       (SELECT count(*) FROM code_uses WHERE code_uses.code = codes.code AND heldUntil IS NULL)
       AS uses
     FROM codes ORDER BY createdAt`,
  );
  const disableCode = db.prepare('UPDATE codes SET disabled = 1 WHERE code = ?');
  const countUses = db.prepare<[string, number], { count: number }>(
    `SELECT count(*) AS count FROM code_uses
     WHERE code = ? AND (heldUntil IS NULL OR heldUntil > ?)`,
  );
  const selectUse = db.prepare<[string, string], { heldUntil: number | null }>(
    'SELECT heldUntil FROM code_uses WHERE code = ? AND ref = ?',
  );
  const upsertUse = db.prepare(
    `INSERT INTO code_uses (code, ref, usedAt, heldUntil) VALUES (?, ?, ?, ?)
     ON CONFLICT (code, ref) DO UPDATE SET heldUntil = excluded.heldUntil`,
  );
  const keepUse = db.prepare('UPDATE code_uses SET heldUntil = NULL WHERE code = ? AND ref = ?');
  const dropUse = db.prepare('DELETE FROM code_uses WHERE code = ? AND ref = ?');
  const extendHeld = db.prepare(
    `UPDATE code_uses SET heldUntil = @until
     WHERE code = @code AND ref = @ref AND heldUntil IS NOT NULL AND heldUntil < @until`,
  );
  const usageLimitOf = db.prepare<[string], { usageLimit: number | null }>(
    'SELECT usageLimit FROM codes WHERE code = ?',
  );
  const toCode = (row: CodeRow | undefined): CodeRecord | null =>
    row
      ? {
          ...row,
          packs: row.packs === null ? null : column(packsColumn, row.packs),
          disabled: row.disabled === 1,
        }
      : null;

  /** Uses of a code at a moment: paid orders, and holds of unpaid ones not lapsed by then. */
  const codeUses = (code: string, at: number) => countUses.get(code, at)?.count ?? 0;

  /**
   * Makes an order's use of a code live until `heldUntil` (null: for good): kept as it is when it
   * still holds one, else taken again if the code's limit leaves one at `now`. False when none is
   * left. Call inside a transaction.
   */
  const takeUse = (code: string, ref: string, now: number, heldUntil: number | null) => {
    const held = selectUse.get(code, ref);
    const live = held !== undefined && (held.heldUntil === null || held.heldUntil > now);
    if (!live) {
      const limit = usageLimitOf.get(code)?.usageLimit ?? null;
      if (limit !== null && codeUses(code, now) >= limit) return false;
    }
    if (heldUntil === null) {
      if (held === undefined) upsertUse.run(code, ref, now, null);
      else keepUse.run(code, ref);
    } else if (!live || (held.heldUntil !== null && held.heldUntil < heldUntil)) {
      upsertUse.run(code, ref, now, heldUntil);
    }
    return true;
  };

  return {
    /** For the store's own transactions (an order paid keeps its use for good). */
    takeUse,

    /**
     * Keeps an order's use for good past the code's limit: a payment PayPal completed is delivered
     * at its price even when the limit was reached while it was pending. Call inside a transaction.
     */
    keepUsePastLimit: (code: string, ref: string, now: number) =>
      upsertUse.run(code, ref, now, null),

    /**
     * The buyer approved an order with this code: its use is taken, held until `heldUntil` while
     * PayPal captures, if the code's limit leaves one at `now` (an order it was taken for already
     * keeps it). False: others took the last use, and this order must not be paid with the
     * discount. Atomic, so that buyers racing for the last use cannot both get it.
     */
    takeCode: db.transaction((code: string, ref: string, now: number, heldUntil: number) =>
      takeUse(code, ref, now, heldUntil),
    ),

    /**
     * Holds a use that is held now until `until` (a payment pending at PayPal); a use given back
     * meanwhile (PayPal denied the payment) stays given back.
     */
    extendHold: (code: string, ref: string, until: number) =>
      void extendHeld.run({ code, ref, until }),

    /** Gives a held use back (the capture was declined: nothing was charged). */
    releaseCode: (code: string, ref: string) => void dropUse.run(code, ref),

    /**
     * A new code, or the studio's own rule for one restored from an order (its uses kept); false
     * when the code exists already.
     */
    addCode(code: Omit<CodeRecord, 'disabled' | 'restoredAt'>) {
      const row = { ...code, packs: code.packs === null ? null : JSON.stringify(code.packs) };
      return insertCode.run(row).changes === 1;
    },

    /**
     * A code a paid or approved order used that the database lacks (made after the backup it was
     * restored from): known again as a record of its uses, its discount the order's, disabled, so
     * that it is never sold until the studio adds it. False when the code is known.
     */
    restoreCode: (code: string, discountCents: number, now: number) =>
      insertRestored.run(code, Math.max(1, discountCents), now, now).changes === 1,

    findCode: (code: string) => toCode(selectCode.get(code)),

    codes: () => selectCodes.all().map((row) => ({ ...toCode(row)!, uses: row.uses })),

    /** False when there is no such code. */
    disableCode: (code: string) => disableCode.run(code).changes === 1,

    codeUses,
  };
}

/** What an order's transaction takes of a code: its use. */
export type CodeUses = Pick<ReturnType<typeof codeStore>, 'takeUse' | 'keepUsePastLimit'>;

/** What the rest of the service asks of the codes. */
export type CodeStore = Omit<ReturnType<typeof codeStore>, keyof CodeUses>;
