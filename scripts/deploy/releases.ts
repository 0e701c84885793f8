// Releases for a host that serves files from a folder (nginx, Caddy, a VM): each build is copied
// into a release folder of its own, with the nginx configuration of its own headers, and goes live
// by one switch of a symbolic link, so every response comes from one release (its HTML, its
// Content-Security-Policy, its /catalog.json). The last five are kept; a rollback switches back.
//
//   <target>/releases/<id>/site/        the build (out/)
//   <target>/releases/<id>/nginx.conf   root and headers of that release, by its own path
//   <target>/current -> releases/<id>   what the server includes
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { nginxSnippet } from '@/lib/security-headers';
import { pageScripts } from '../site-pages';

/** How many releases a target keeps (the live one and those a rollback may go back to). */
export const KEEP = 5;

const RELEASE = /^\d{8}T\d{6}Z(?:-[0-9a-f]{7,40})?(?:-\d+)?$/;

/** The releases of a target, oldest first (their names begin with the time they were made). */
export function releases(target: string): string[] {
  const dir = path.join(target, 'releases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => RELEASE.test(name))
    .sort();
}

/** The live release's name, or null before the first deploy. */
export function currentRelease(target: string): string | null {
  try {
    return path.basename(readlinkSync(path.join(target, 'current')));
  } catch {
    return null;
  }
}

/**
 * nginx's part of a release, to `include` in the server block: its root, by the release's own
 * path (not through `current`), so that workers started before a reload keep serving the release
 * whose headers they have; then the headers of each of its pages.
 */
export function nginxConfig(site: string): string {
  return [
    `# Written by npm run deploy: the root and headers of this release.`,
    `root ${site};`,
    nginxSnippet(pageScripts(site)),
    '',
  ].join('\n');
}

/** Points `current` at a release in one step: a new link, renamed over the old one. */
function switchTo(target: string, release: string) {
  const link = path.join(target, 'current');
  const next = path.join(target, `.current-${process.pid}-${Date.now()}`);
  symlinkSync(path.join('releases', release), next);
  renameSync(next, link);
}

/**
 * Copies a build into a new release and makes it live; keeps the newest `KEEP` releases (never
 * the live one). The release's name: the time, then the commit when known.
 */
export function deploy(
  out: string,
  target: string,
  {
    commit,
    now = new Date(),
    report = () => {},
  }: { commit?: string; now?: Date; report?: (line: string) => void } = {},
): string {
  for (const file of ['index.html', '_headers', 'catalog.json']) {
    if (!existsSync(path.join(out, file))) {
      throw new Error(`${path.join(out, file)} is missing: build the site first (npm run build).`);
    }
  }
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const base = commit ? `${stamp}-${commit.slice(0, 12)}` : stamp;
  const taken = new Set(releases(target));
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
  const dir = path.join(target, 'releases', name);
  const site = path.join(dir, 'site');
  mkdirSync(dir, { recursive: true });
  report(`Copying ${out} into ${site}…`);
  cpSync(out, site, { recursive: true });
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(path.resolve(site)));
  switchTo(target, name);
  report(`Live: ${name}`);
  const live = new Set([name]);
  const all = releases(target);
  for (const old of all.slice(0, Math.max(0, all.length - KEEP))) {
    if (live.has(old)) continue;
    rmSync(path.join(target, 'releases', old), { recursive: true, force: true });
    report(`Removed the old release ${old}`);
  }
  return name;
}

/** Makes the release before the live one live again; its name. */
export function rollback(target: string): string {
  const all = releases(target);
  const current = currentRelease(target);
  const at = current ? all.indexOf(current) : -1;
  if (at <= 0) throw new Error(`No release before ${current ?? 'none'} in ${target}/releases.`);
  const previous = all[at - 1]!;
  switchTo(target, previous);
  return previous;
}
