// The service's one SQLite file and the runner that brings it to this version. Each feature owns
// its tables (its `Tables`: what a new database gets, and how its tables come up from an older
// version); the composition root (../database.ts) hands the runner every feature's, in the order
// their foreign keys need.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** The version of the whole database (SQLite's user_version): bumped by any feature's change. */
export const SCHEMA_VERSION = 13;

/** A feature's tables. */
export type Tables = {
  /** Its tables and indexes as they are now, in a new database. */
  create: string;
  /**
   * Brings its tables from `version` (3 or later, older than SCHEMA_VERSION) to this one, in the
   * runner's transaction, foreign keys off (a rebuilt table keeps the rows that refer to it).
   */
  upgrade?: (db: Db, version: number) => void;
  /**
   * Version 2's tables, rebuilt by SQLite's procedure: its indexes dropped, its tables renamed
   * aside, `create` run, `copy` moving the rows over, the old tables dropped.
   */
  v2?: { tables: string[]; indexes: string[]; copy: string };
};

/**
 * Opens the database (WAL, foreign keys on), creating the tables or bringing an older database to
 * this version in one transaction: from version 3 by each feature's `upgrade`; from version 2 by
 * rebuilding its tables; a database older, or newer than this service, is refused.
 */
export function openDatabase(file: string, features: Tables[]): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  migrate(db, features);
  db.pragma('foreign_keys = ON');
  return db;
}

function migrate(db: Db, features: Tables[]) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  if (version === 0 && tables.length > 0) {
    throw new Error('The database predates version 2 of the service; it cannot be upgraded.');
  }
  if (version > SCHEMA_VERSION) {
    throw new Error(`The database is of version ${version}, newer than this service.`);
  }
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    if (version >= 3) {
      for (const feature of features) feature.upgrade?.(db, version);
    } else {
      const old = version === 2 ? features.flatMap((feature) => feature.v2 ?? []) : [];
      for (const index of old.flatMap((v2) => v2.indexes)) db.exec(`DROP INDEX IF EXISTS ${index}`);
      for (const table of old.flatMap((v2) => v2.tables))
        db.exec(`ALTER TABLE ${table} RENAME TO ${table}_v2`);
      for (const feature of features) db.exec(feature.create);
      for (const { copy } of old) db.exec(copy);
      for (const table of old.flatMap((v2) => v2.tables)) db.exec(`DROP TABLE ${table}_v2`);
    }
    if ((db.pragma('foreign_key_check') as unknown[]).length > 0)
      throw new Error('foreign keys broken');
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  db.pragma('foreign_keys = ON');
}
