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
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { readRedirects } from '../html/links';
import { BUILD_FILE, buildRefusal, NGINX_HEADERS_FILE, readBuildSettings } from './build-settings';

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
 * whose headers they have; then the headers of each of its pages, as its build wrote them.
 */
export function nginxConfig(site: string): string {
  return [
    `# Written by npm run deploy: the root, headers and redirects of this release.`,
    `root ${site};`,
    readFileSync(path.join(site, NGINX_HEADERS_FILE), 'utf8').trimEnd(),
    // The old addresses of out/_redirects, moved permanently (scripts/html/links.ts).
    ...readRedirects(site).map(({ from, to }) => `location = ${from} {\n  return 301 ${to};\n}`),
    '',
  ].join('\n');
}

/** The folders whose files are named by their content, and so never differ under one name. */
const CONTENT_NAMED = ['_next/static', 'media'];
/** Which files of a release came from the one before it (not from its own build). */
const CARRIED_LIST = 'carried.json';

/** The files under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        statSync(path.join(dir, file)).isFile(),
      )
    : [];

/**
 * Copies into a new release the scripts and pictures of the live one that its build does not
 * have: a page of the live release still loading when the link switches asks for them next.
 * Only the live release's own files are carried, so that they last one release longer, not for
 * ever. Returns what was carried.
 */
function carryForward(liveDir: string, dir: string): string[] {
  const carriedBefore = new Set<string>(
    existsSync(path.join(liveDir, CARRIED_LIST))
      ? (JSON.parse(readFileSync(path.join(liveDir, CARRIED_LIST), 'utf8')) as string[])
      : [],
  );
  const carried: string[] = [];
  for (const folder of CONTENT_NAMED) {
    const from = path.join(liveDir, 'site', folder);
    const to = path.join(dir, 'site', folder);
    // A build may link a folder rather than hold it; its files are not this release's to add to.
    if (lstatSync(to, { throwIfNoEntry: false })?.isSymbolicLink()) continue;
    for (const file of filesUnder(from)) {
      const name = path.join(folder, file);
      if (carriedBefore.has(name) || existsSync(path.join(to, file))) continue;
      cpSync(path.join(from, file), path.join(to, file));
      carried.push(name);
    }
  }
  writeFileSync(path.join(dir, CARRIED_LIST), JSON.stringify(carried));
  return carried;
}

/** The live release's build settings; null for a release deployed before builds recorded them. */
const liveSettings = (site: string) =>
  existsSync(path.join(site, BUILD_FILE)) ? readBuildSettings(site) : null;

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
    development = false,
    newSite = false,
  }: {
    commit?: string;
    now?: Date;
    report?: (line: string) => void;
    /** Publish a build made with development settings (a test server). */
    development?: boolean;
    /** Publish a build made for another site than the live release's. */
    newSite?: boolean;
  } = {},
): string {
  for (const file of ['index.html', '_headers', NGINX_HEADERS_FILE, 'catalog.json']) {
    if (!existsSync(path.join(out, file))) {
      throw new Error(`${path.join(out, file)} is missing: build the site first (npm run build).`);
    }
  }
  const liveBefore = currentRelease(target);
  const refusal = buildRefusal(
    readBuildSettings(out),
    liveBefore ? liveSettings(path.join(target, 'releases', liveBefore, 'site')) : null,
    { development, newSite },
  );
  if (refusal) throw new Error(refusal);
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
  const live = currentRelease(target);
  if (live) {
    const carried = carryForward(path.join(target, 'releases', live), dir);
    if (carried.length > 0) {
      report(
        `Kept ${carried.length} scripts and pictures of ${live} that its pages may still ask for`,
      );
    }
  }
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(path.resolve(site)));
  switchTo(target, name);
  report(`Live: ${name}`);
  const all = releases(target);
  for (const old of all.slice(0, Math.max(0, all.length - KEEP))) {
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
