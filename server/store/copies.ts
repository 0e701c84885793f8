// What a download link has sent of the copy under way: its byte ranges, counted once, so that a
// copy resumed in pieces costs one copy (see `spendLink`).
import { column, rangesColumn } from './columns';
import type Database from 'better-sqlite3';
import {
  addRange,
  length,
  missingFrom,
  removeRange,
  within,
  type Ranges,
} from '../downloads/byte-ranges';
import { COPY } from './records';

/** Separate pieces of one copy a link keeps count of; a request that would make more is refused. */
export const MAX_PIECES = 256;

export function copyStore(db: Database.Database) {
  const selectCopy = db.prepare<
    [string],
    { used: number; covered: string; coveredSize: number | null; resent: number }
  >('SELECT used, covered, coveredSize, resent FROM links WHERE id = ?');
  const setCopy = db.prepare(
    `UPDATE links SET used = @used, covered = @covered, coveredSize = @size, resent = @resent
     WHERE id = @id`,
  );
  /** The copy under way of a file of `size` bytes (none when the file changed since). */
  const copyOf = (id: string, size: number) => {
    const row = selectCopy.get(id);
    if (!row) return null;
    const same = row.coveredSize === size;
    return {
      used: row.used,
      covered: same ? column(rangesColumn, row.covered) : [],
      resent: same ? row.resent : 0,
    };
  };
  const saveCopy = (
    id: string,
    size: number,
    copy: { used: number; covered: Ranges; resent: number },
  ) =>
    setCopy.run({
      id,
      size,
      used: copy.used,
      covered: JSON.stringify(copy.covered),
      resent: copy.resent,
    });
  /** What bytes [from, to) of a file of `size` cost: the copy's units up to `to` less those up to `from`. */
  const units = (size: number, ranges: Ranges) =>
    ranges.reduce(
      (sum, [from, to]) => sum + Math.floor((to * COPY) / size) - Math.floor((from * COPY) / size),
      0,
    );

  return {
    /**
     * Spends a link's budget (in millionths of a copy) for bytes [from, to) of a file of `size`
     * bytes, before they are sent: the bytes the copy under way has not sent yet cost their share
     * of it; bytes it sent already are sent again free up to a quarter of the file (a resumption
     * re-asks what the network lost), and cost beyond that. A copy whose every byte was sent is
     * whole: the next byte starts a new one. The ranges paid for, or (nothing spent) null when
     * the budget has not that much left, 'pieces' when the copy would be in more than
     * `MAX_PIECES` pieces. One transaction: requests at once cannot spend more.
     */
    spendLink: db.transaction(
      (
        id: string,
        size: number,
        from: number,
        to: number,
        budget: number,
      ): Ranges | null | 'pieces' => {
        const copy = copyOf(id, size);
        if (!copy) return null;
        const fresh = missingFrom(copy.covered, from, to);
        const again = to - from - length(fresh);
        const free = Math.min(again, Math.max(0, Math.floor(size / 4) - copy.resent));
        const cost = units(size, fresh) + Math.floor(((again - free) * COPY) / size);
        if (copy.used + cost > budget) return null;
        let covered = addRange(copy.covered, from, to);
        // A download manager asks for a few dozen pieces at most; thousands of scattered ones would
        // only make this row large and slow.
        if (covered.length > MAX_PIECES) return 'pieces';
        let resent = copy.resent + free;
        if (length(covered) === size) [covered, resent] = [[], 0];
        saveCopy(id, size, { used: copy.used + cost, covered, resent });
        return fresh;
      },
    ),

    /**
     * Gives back bytes that a transfer cut short paid for (`spendLink`'s ranges) and did not send:
     * the copy under way no longer holds them.
     */
    refundLink: db.transaction((id: string, size: number, unsent: Ranges) => {
      const copy = copyOf(id, size);
      if (!copy || unsent.length === 0) return;
      let { covered } = copy;
      // The copy those bytes would have made whole was closed: it is open again without them.
      const reopened = unsent.some(([from, to]) => length(within(covered, from, to)) < to - from);
      if (reopened) covered = addRange(covered, 0, size);
      for (const [from, to] of unsent) covered = removeRange(covered, from, to);
      saveCopy(id, size, { ...copy, used: Math.max(0, copy.used - units(size, unsent)), covered });
    }),
  };
}
