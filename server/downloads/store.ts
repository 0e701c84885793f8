// The download links' rows: the links an order's e-mail carries, and what each has sent of the
// copy under way: its byte ranges, counted once, so that a copy resumed in pieces costs one copy
// (see `spendLink`).
import { z } from 'zod';
import { column, type Db, type Tables } from '../store';
import { addRange, length, missingFrom, removeRange, within, type Ranges } from './byte-ranges';

export type LinkRecord = {
  id: string;
  orderId: string;
  /** The pack's sku (its slug): the name of its file in the packs folder. */
  pack: string;
  expiresAt: number;
  /** How much of the pack it has sent, in millionths of the file: 1,000,000 is one copy. */
  used: number;
  /** When newer links replaced it, or its order was refunded. */
  revokedAt: number | null;
};

export type NewLink = Omit<LinkRecord, 'used' | 'revokedAt'>;

/** One copy of a file, in the unit of `LinkRecord.used`. */
export const COPY = 1_000_000;

/** Separate pieces of one copy a link keeps count of; a request that would make more is refused. */
export const MAX_PIECES = 256;

/** The byte ranges a link has sent of the copy under way (JSON). */
const rangesColumn = z.array(z.tuple([z.number(), z.number()]));

/**
 * What a link has sent of the copy under way (v5): its byte ranges (JSON), the file size they are
 * of, and the bytes of it sent again (a resumption re-asks what the network lost).
 */
const COPY_COLUMNS = `covered TEXT NOT NULL DEFAULT '[]',
    coveredSize INTEGER,
    resent INTEGER NOT NULL DEFAULT 0`;

export const linkTables: Tables = {
  create: `CREATE TABLE links (
      id TEXT PRIMARY KEY,
      orderId TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      pack TEXT NOT NULL,
      expiresAt INTEGER NOT NULL,
      used INTEGER NOT NULL DEFAULT 0,
      revokedAt INTEGER,
      ${COPY_COLUMNS}
    );
    CREATE INDEX links_by_order ON links (orderId);`,
  upgrade(db, version) {
    if (version <= 4) {
      for (const column of COPY_COLUMNS.split(',\n')) {
        db.exec(`ALTER TABLE links ADD COLUMN ${column.trim()}`);
      }
    }
  },
  v2: {
    tables: ['links'],
    indexes: ['links_by_order'],
    // Version 2 counted whole downloads.
    copy: `INSERT INTO links (id, orderId, pack, expiresAt, used, revokedAt)
      SELECT id, orderId, pack, expiresAt, downloads * ${COPY}, revokedAt FROM links_v2;`,
  },
};

export function linkStore(db: Db) {
  const insertLink = db.prepare(
    'INSERT INTO links (id, orderId, pack, expiresAt) VALUES (@id, @orderId, @pack, @expiresAt)',
  );
  const selectLink = db.prepare<[string], LinkRecord>('SELECT * FROM links WHERE id = ?');
  const insertLinkOnce = db.prepare(
    `INSERT OR IGNORE INTO links (id, orderId, pack, expiresAt)
     VALUES (@id, @orderId, @pack, @expiresAt)`,
  );
  const selectLiveLinks = db.prepare<[string, number], LinkRecord>(
    `SELECT * FROM links WHERE orderId = ? AND expiresAt > ? AND revokedAt IS NULL
     ORDER BY expiresAt DESC`,
  );
  const revokeLinks = db.prepare(
    'UPDATE links SET revokedAt = ? WHERE orderId = ? AND revokedAt IS NULL',
  );
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
    /** New links, inside the caller's transaction (an order's). */
    addLinks: (links: NewLink[]) => {
      for (const link of links) insertLink.run(link);
    },

    /** Every link of an order stops working, inside the caller's transaction. */
    revokeLinks: (orderId: string, now: number) => void revokeLinks.run(now, orderId),

    /** An order's unrevoked, unexpired links, newest first. */
    liveLinks: (orderId: string, now: number) => selectLiveLinks.all(orderId, now),

    findLink: (id: string) => selectLink.get(id) ?? null,

    /**
     * A genuine link whose row the database lacks (restored from a backup older than the link),
     * written again for an order it holds: its copies counted afresh from now.
     */
    restoreLink(link: NewLink) {
      insertLinkOnce.run(link);
      return selectLink.get(link.id) ?? null;
    },

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

/** What an order's transactions write of its links. */
export type LinkWrites = Pick<ReturnType<typeof linkStore>, 'addLinks' | 'revokeLinks'>;

/** What the rest of the service reads and spends of the links. */
export type LinkStore = Omit<ReturnType<typeof linkStore>, 'addLinks' | 'revokeLinks'>;
