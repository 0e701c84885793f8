// A release's version.json (lib/build-info.ts writes a build's): read, and told when the release
// went live and, after a rollback, what it went back from (the line above the editor reads it).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { versionSchema, type PublishedVersion } from '@/lib/shared/version';

/** What a build's version.json says (lib/build-info.ts), and what a switch adds. */
type Version = PublishedVersion;

const VERSION = 'version.json';

/** A release's (or a build's) version.json, or null for one built before it was written. */
export function readVersion(site: string): Version | null {
  try {
    return versionSchema.parse(JSON.parse(readFileSync(path.join(site, VERSION), 'utf8')));
  } catch {
    return null;
  }
}

/** Says in a release's version.json when it goes live (and, for a rollback, from what); in one rename. */
export function markLive(site: string, live: Pick<Version, 'liveSince' | 'rolledBack'>) {
  const version = readVersion(site);
  if (!version) return;
  // Said afresh at each switch: a release gone live by deploy carries no rollback of an earlier one.
  const next: Version = { ...version, ...live };
  if (!live.rolledBack) delete next.rolledBack;
  const file = path.join(site, VERSION);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
