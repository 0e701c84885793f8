// An online backup of the orders database: `npm run backup [-- FILE]` (README, "Running the
// service on a server"). SQLite's backup API copies the database page by page while the service
// keeps taking orders; the copy is one consistent moment of it, checked before it is kept.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databasePathFrom } from '../config';

/** backups/orders-2026-11-25T01-02-03Z.sqlite beside the database. */
export function defaultBackupFile(database: string, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(path.dirname(database), 'backups', `orders-${stamp}.sqlite`);
}

/**
 * Copies the database at `database` into `file`, reporting progress; the copy is written under a
 * temporary name and kept only once SQLite's integrity check passes on it.
 */
export async function backup(
  database: string,
  file: string,
  report: (copied: number, total: number) => void = () => {},
) {
  const source = new Database(database, { fileMustExist: true });
  const partial = `${file}.partial`;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    await source.backup(partial, {
      // A hundred pages a step, so the service's writes are never held up for long.
      progress: ({ totalPages, remainingPages }) => {
        report(totalPages - remainingPages, totalPages);
        return 100;
      },
    });
  } finally {
    source.close();
  }
  const copy = new Database(partial, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy failed SQLite's integrity check: ${check}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, file);
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const database = databasePathFrom(process.env, process.cwd());
  if (!existsSync(database)) {
    console.error(`There is no database at ${database}: set DATABASE_PATH (or DATA_DIR).`);
    process.exit(2);
  }
  const file = path.resolve(process.argv[2] ?? defaultBackupFile(database));
  let shown = -1;
  const written = await backup(database, file, (copied, total) => {
    const percent = Math.floor((copied / Math.max(total, 1)) * 100);
    if (percent >= shown + 10 || copied === total) {
      shown = percent;
      console.log(`Backing up ${database}: ${copied} of ${total} pages`);
    }
  });
  console.log(`Backup written: ${written}`);
}
