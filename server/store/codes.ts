// Discount codes and their uses: how many a code has left is decided here, atomically, so that
// buyers racing for the last use cannot both get it.
import { column, packsColumn } from './columns';
import type Database from 'better-sqlite3';
import type { CodeRecord, CodeRow } from './records';

export function codeStore(db: Database.Database) {
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
