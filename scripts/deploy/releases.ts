// Releases for a host that serves files from a folder (nginx, Caddy, a VM): each build is copied
// into a release folder of its own, with the nginx configuration of its own headers, and goes live
// by one switch of a symbolic link, so every response comes from one release (its HTML, its
// Content-Security-Policy, its /catalog.json). The last five are kept; a rollback switches back to
// the release that was live before the current one went live.
//
//   <target>/releases/<id>/site/          the build (out/)
//   <target>/releases/<id>/nginx.conf     root and headers of that release, by its own path (nginx.ts)
//   <target>/releases/<id>/release.json   written last: the release is complete (COMPLETE)
//   <target>/releases/.partial-<id>-<pid> a release being copied (a crash leaves it, never live)
//   <target>/history.json                 the releases in the order they went live, and when
//   <target>/current -> releases/<id>     what the server includes
//
// A release is named by when it was deployed and the commit its build was made from (its
// version.json), and its version.json says when it went live and, after a rollback, what it went
// back from: the line above the editor reads it (admin/status.ts).
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
import { z } from 'zod';
import { BUILD_FILE, buildRefusal, NGINX_HEADERS_FILE, readBuildSettings } from './build-settings';
import { brotliInstalled, nginxConfig } from './nginx';
import { markLive, readVersion } from './release-version';

/** How many releases a target keeps (the live one and those a rollback may go back to). */
export const KEEP = 5;

const RELEASE = /^\d{8}T\d{6}Z(?:-[0-9a-f]{7,40})?(?:-\d+)?$/;

/** The file written last into a release: its presence says the copy is complete. */
const COMPLETE = 'release.json';
/** The switches of a target, oldest first. */
const HISTORY = 'history.json';

/** A release's marker: how many files its copy holds. */
const markerSchema = z.object({ name: z.string(), files: z.number(), madeAt: z.string() });
const switchSchema = z.object({
  release: z.string(),
  at: z.string(),
  by: z.enum(['deploy', 'rollback']),
});
type Switch = z.output<typeof switchSchema>;

/**
 * Whether a release folder holds a whole release: its marker, written last, and the files it
 * counted (a release deployed before markers: its nginx.conf, written after the copy).
 */
function complete(dir: string): boolean {
  const marker = path.join(dir, COMPLETE);
  if (!existsSync(marker)) {
    return (
      existsSync(path.join(dir, 'nginx.conf')) && existsSync(path.join(dir, 'site/index.html'))
    );
  }
  try {
    const { files } = markerSchema.parse(JSON.parse(readFileSync(marker, 'utf8')));
    return (
      existsSync(path.join(dir, 'nginx.conf')) && filesUnder(path.join(dir, 'site')).length >= files
    );
  } catch {
    return false;
  }
}

/** The complete releases of a target, oldest first (their names begin with the time they were made). */
export function releases(target: string): string[] {
  const dir = path.join(target, 'releases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => RELEASE.test(name) && complete(path.join(dir, name)))
    .sort();
}

/** The switches a target has seen, oldest first ([] before the first, or before history was kept). */
function history(target: string): Switch[] {
  try {
    return z
      .array(switchSchema)
      .parse(JSON.parse(readFileSync(path.join(target, HISTORY), 'utf8')));
  } catch {
    return [];
  }
}

function recordSwitch(target: string, release: string, by: Switch['by'], at = new Date()) {
  const kept = [...history(target), { release, at: at.toISOString(), by }].slice(-100);
  const file = path.join(target, HISTORY);
  writeFileSync(`${file}.tmp`, JSON.stringify(kept, null, 2));
  renameSync(`${file}.tmp`, file);
}

/** The live release's name, or null before the first deploy. */
export function currentRelease(target: string): string | null {
  try {
    return path.basename(readlinkSync(path.join(target, 'current')));
  } catch {
    return null;
  }
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
function carryForward(liveDir: string, dir: string, { append = false } = {}): string[] {
  const list = (release: string) =>
    existsSync(path.join(release, CARRIED_LIST))
      ? z
          .array(z.string())
          .parse(JSON.parse(readFileSync(path.join(release, CARRIED_LIST), 'utf8')))
      : [];
  const carriedBefore = new Set<string>(list(liveDir));
  // A rollback adds to what the older release carried already.
  const carried: string[] = append ? list(dir) : [];
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
 * Copies a build into a new release and makes it live; keeps `KEEP` releases (never the live one,
 * which is the one just made, whatever the names of the others say). The release's name: the
 * time, then the commit the build was made from (its version.json; `commit` overrides it) when
 * known. It is copied under a temporary name and renamed once whole, so that a deploy killed
 * half-way leaves no release that a rollback could switch to.
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
    brotli = brotliInstalled(),
  }: {
    commit?: string;
    now?: Date;
    report?: (line: string) => void;
    /** Publish a build made with development settings (a test server). */
    development?: boolean;
    /** Publish a build made for another site than the live release's. */
    newSite?: boolean;
    /** Whether nginx has the brotli module (as this server's Debian says, unless told). */
    brotli?: boolean;
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
  const built = commit ?? readVersion(out)?.commit;
  const base = built && /^[0-9a-f]{7,40}$/.test(built) ? `${stamp}-${built.slice(0, 12)}` : stamp;
  const folder = path.join(target, 'releases');
  mkdirSync(folder, { recursive: true });
  // Copies a crashed deploy left: never a release.
  for (const stale of readdirSync(folder).filter((each) => each.startsWith('.partial-'))) {
    rmSync(path.join(folder, stale), { recursive: true, force: true });
    report(`Removed ${stale}, left by a deploy that did not finish`);
  }
  const taken = new Set(readdirSync(folder));
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
  const dir = path.join(folder, name);
  const partial = path.join(folder, `.partial-${name}-${process.pid}`);
  const site = path.join(dir, 'site');
  report(`Copying ${out} into ${site}…`);
  cpSync(out, path.join(partial, 'site'), { recursive: true });
  if (liveBefore) {
    const carried = carryForward(path.join(folder, liveBefore), partial);
    if (carried.length > 0) {
      report(
        `Kept ${carried.length} scripts and pictures of ${liveBefore} that its pages may still ask for`,
      );
    }
  }
  markLive(path.join(partial, 'site'), { liveSince: now.toISOString() });
  // nginx.conf names the release's final path: it is only read once the release is renamed there.
  writeFileSync(
    path.join(partial, 'nginx.conf'),
    nginxConfig(path.join(partial, 'site'), path.resolve(site), brotli),
  );
  const marker: z.input<typeof markerSchema> = {
    name,
    files: filesUnder(path.join(partial, 'site')).length,
    madeAt: now.toISOString(),
  };
  writeFileSync(path.join(partial, COMPLETE), JSON.stringify(marker, null, 2));
  renameSync(partial, dir);
  switchTo(target, name);
  recordSwitch(target, name, 'deploy', now);
  report(`Live: ${name}`);
  // The oldest by name go, but never the live release, whatever a clock once named the others.
  const others = releases(target).filter((each) => each !== name);
  for (const old of others.slice(0, Math.max(0, others.length - (KEEP - 1)))) {
    rmSync(path.join(folder, old), { recursive: true, force: true });
    report(`Removed the old release ${old}`);
  }
  return name;
}

/**
 * The releases as they went live, oldest first: a deploy adds its release, a rollback to a
 * release on the line undoes what came after it (so rollbacks in a row step further back), a
 * rollback to one off the line (`--to` a newer one) adds it.
 */
function liveLine(target: string): string[] {
  const line: string[] = [];
  for (const each of history(target)) {
    const at = line.lastIndexOf(each.release);
    if (each.by === 'rollback' && at >= 0) line.length = at + 1;
    else line.push(each.release);
  }
  return line;
}

/**
 * Makes live again the release that was live before the current one went live (a second rollback
 * goes one further back, through the kept releases; by name for a target deployed before its
 * history was kept), or the release `to` names, once it is checked whole; its name. The current
 * release's scripts and pictures go with it, so that a page still loading during the rollback
 * finds them.
 */
export function rollback(
  target: string,
  { now = new Date(), to }: { now?: Date; to?: string } = {},
): string {
  const all = releases(target);
  const current = currentRelease(target);
  if (to !== undefined && (!all.includes(to) || to === current)) {
    throw new Error(
      to === current
        ? `${to} is live already.`
        : `No release ${to} in ${target}/releases: the kept ones are ${all.join(', ')}.`,
    );
  }
  const line = liveLine(target);
  const at = line.lastIndexOf(current ?? '');
  const before =
    to ??
    (at >= 0
      ? line
          .slice(0, at)
          .reverse()
          .find((release) => release !== current && all.includes(release))
      : all[all.indexOf(current ?? '') - 1]);
  if (!current || !before) {
    throw new Error(
      `No whole release to go back to before ${current ?? 'none'} in ${target}/releases.`,
    );
  }
  const dir = path.join(target, 'releases', before);
  if (!complete(dir)) throw new Error(`${dir} is not a whole release: not switched.`);
  carryForward(path.join(target, 'releases', current), dir, { append: true });
  const from = readVersion(path.join(target, 'releases', current, 'site'));
  markLive(path.join(dir, 'site'), {
    liveSince: now.toISOString(),
    ...(from && {
      rolledBack: { at: now.toISOString(), from: { commit: from.commit, builtAt: from.builtAt } },
    }),
  });
  switchTo(target, before);
  recordSwitch(target, before, 'rollback', now);
  return before;
}
