// The signing's rows: each document frozen with its text and hash, its signatures, and the codes
// that prove a signer's address (tables.ts). Part of the booking's store (store.ts).
import type Database from 'better-sqlite3';

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

export function signingStore(
  db: Database.Database,
  note: (id: string, actor: string, action: string, detail: string, at: number) => unknown,
) {
  return {
    documents: (id: string) =>
      db
        .prepare<[string], DocumentRow>(
          'SELECT * FROM booking_documents WHERE bookingId = ? ORDER BY id',
        )
        .all(id),

    document: (documentId: number) =>
      db
        .prepare<[number], DocumentRow>('SELECT * FROM booking_documents WHERE id = ?')
        .get(documentId) ?? null,

    /** The document being signed: the open one for this proposal version, or it is frozen now. */
    openDocument: db.transaction(
      (
        id: string,
        fresh: Omit<DocumentRow, 'id' | 'completedAt' | 'bookingId' | 'createdAt'>,
        at: number,
      ): DocumentRow => {
        const open = db
          .prepare<[string, string], DocumentRow>(
            'SELECT * FROM booking_documents WHERE bookingId = ? AND kind = ? AND completedAt IS NULL ORDER BY id DESC',
          )
          .get(id, fresh.kind);
        if (open && open.proposalVersion === fresh.proposalVersion) return open;
        // A document left unsigned by a new version of the proposal is dropped with its signatures.
        if (open) db.prepare('DELETE FROM booking_documents WHERE id = ?').run(open.id);
        const result = db
          .prepare(
            `INSERT INTO booking_documents
               (bookingId, kind, version, proposalVersion, title, text, sha256, createdAt)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            id,
            fresh.kind,
            fresh.version,
            fresh.proposalVersion,
            fresh.title,
            fresh.text,
            fresh.sha256,
            at,
          );
        return db
          .prepare<[number], DocumentRow>('SELECT * FROM booking_documents WHERE id = ?')
          .get(Number(result.lastInsertRowid))!;
      },
    ),

    signatures: (documentId: number) =>
      db
        .prepare<[number], SignatureRow>(
          'SELECT * FROM booking_signatures WHERE documentId = ? ORDER BY signer',
        )
        .all(documentId),

    /**
     * A signature on a document; when it is the last one needed, the document is complete (and a
     * contract makes the booking signed). True when this call completed it.
     */
    sign: db.transaction(
      (
        bookingId: string,
        signature: SignatureRow,
        needed: number,
        kind: 'contract' | 'addendum',
      ) => {
        db.prepare(
          `INSERT OR IGNORE INTO booking_signatures
             (documentId, signer, name, email, consent, ip, userAgent, at)
           VALUES (@documentId, @signer, @name, @email, @consent, @ip, @userAgent, @at)`,
        ).run(signature);
        db.prepare('DELETE FROM booking_codes WHERE bookingId = ? AND signer = ?').run(
          bookingId,
          signature.signer,
        );
        note(bookingId, signature.email, `signed the ${kind}`, signature.name, signature.at);
        const count = (
          db
            .prepare('SELECT COUNT(*) AS n FROM booking_signatures WHERE documentId = ?')
            .get(signature.documentId) as { n: number }
        ).n;
        if (count < needed) return false;
        const done = db
          .prepare(
            'UPDATE booking_documents SET completedAt = ? WHERE id = ? AND completedAt IS NULL',
          )
          .run(signature.at, signature.documentId).changes;
        if (done && kind === 'contract') {
          db.prepare(
            "UPDATE bookings SET status = 'signed', updatedAt = ? WHERE id = ? AND status = 'sent'",
          ).run(signature.at, bookingId);
        }
        return done > 0;
      },
    ),

    saveCode: (id: string, signer: number, hash: string, expiresAt: number) =>
      db
        .prepare(
          `INSERT INTO booking_codes (bookingId, signer, codeHash, expiresAt) VALUES (?, ?, ?, ?)
           ON CONFLICT (bookingId, signer) DO UPDATE SET codeHash = excluded.codeHash,
             expiresAt = excluded.expiresAt, tries = 0`,
        )
        .run(id, signer, hash, expiresAt),

    /** The signer's code, counting this try against it. */
    code: (id: string, signer: number) => {
      const row = db
        .prepare<[string, number], { codeHash: string; expiresAt: number; tries: number }>(
          'SELECT codeHash, expiresAt, tries FROM booking_codes WHERE bookingId = ? AND signer = ?',
        )
        .get(id, signer);
      if (row) {
        db.prepare(
          'UPDATE booking_codes SET tries = tries + 1 WHERE bookingId = ? AND signer = ?',
        ).run(id, signer);
      }
      return row ?? null;
    },
  };
}
