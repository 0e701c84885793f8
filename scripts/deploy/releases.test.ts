/** @jest-environment node */
// npm run deploy and rollback: releases switched in one step, five kept, the live release's scripts
// carried one release on (a real nginx serving them under a browser: e2e/hosts/nginx.spec.ts).
import { describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeaders } from '../headers';
import { BUILD_FILE, NGINX_HEADERS_FILE, type BuildSettings } from './build-settings';
import { currentRelease, deploy, KEEP, releases, rollback } from './releases';

const LIVE: BuildSettings = {
  siteUrl: 'https://saanjhstudio.com',
  apiBaseUrl: 'https://orders.saanjhstudio.com',
  production: true,
};

/**
 * A built site whose pages each carry an inline script naming the build, with the headers its
 * postbuild writes, made for `made` (the public site unless told).
 */
function build(root: string, version: number, made: BuildSettings = LIVE) {
  const out = path.join(root, `out-${version}`);
  for (const page of ['', 'about/']) {
    mkdirSync(path.join(out, page), { recursive: true });
    writeFileSync(
      path.join(out, page, 'index.html'),
      `<!doctype html><html><head><script>window.build=${version}</script></head><body>${page}</body></html>`,
    );
  }
  writeFileSync(path.join(out, 'catalog.json'), JSON.stringify({ version: `v${version}` }));
  // What the build was made from: a commit of its own, not the deploying checkout's.
  writeFileSync(
    path.join(out, 'version.json'),
    JSON.stringify({
      commit: `${version}`.repeat(40).slice(0, 40),
      builtAt: new Date(Date.UTC(2026, 10, 27, 11, version)).toISOString(),
      catalogVersion: `v${version}`,
    }),
  );
  writeHeaders(out);
  writeFileSync(path.join(out, BUILD_FILE), JSON.stringify(made));
  return out;
}

/** The CSP hash of a page's inline script. */
const hashOf = (html: string) =>
  `'sha256-${createHash('sha256')
    .update(/<script>([^<]*)<\/script>/.exec(html)![1]!)
    .digest('base64')}'`;

describe('releases', () => {
  test("a release is named by its build's commit, and its version.json says when it went live and what a rollback went back from", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    const version = () =>
      JSON.parse(readFileSync(path.join(target, 'current/site/version.json'), 'utf8')) as Record<
        string,
        unknown
      >;
    try {
      const first = deploy(build(root, 1), target, { now: new Date('2026-11-27T12:00:00Z') });
      expect(first).toBe(`20261127T120000Z-${'1'.repeat(12)}`);
      expect(version()).toEqual({
        commit: '1'.repeat(40),
        builtAt: '2026-11-27T11:01:00.000Z',
        catalogVersion: 'v1',
        liveSince: '2026-11-27T12:00:00.000Z',
      });
      const second = deploy(build(root, 2), target, { now: new Date('2026-11-27T12:10:00Z') });
      expect(rollback(target, { now: new Date('2026-11-27T12:20:00Z') })).toBe(first);
      expect(version()).toMatchObject({
        commit: '1'.repeat(40),
        liveSince: '2026-11-27T12:20:00.000Z',
        rolledBack: {
          at: '2026-11-27T12:20:00.000Z',
          from: { commit: '2'.repeat(40), builtAt: '2026-11-27T11:02:00.000Z' },
        },
      });
      // Nothing further back; forward again by name.
      expect(() => rollback(target)).toThrow(/No whole release to go back to/);
      rollback(target, { now: new Date('2026-11-27T12:30:00Z'), to: second });
      expect(version()).toMatchObject({ commit: '2'.repeat(40), rolledBack: expect.anything() });
      deploy(build(root, 3), target, { now: new Date('2026-11-27T12:40:00Z') });
      expect(version()).not.toHaveProperty('rolledBack');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('each deploy is a release of its own, live in one switch; five kept; rollback goes back', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    try {
      const names = Array.from({ length: 7 }, (_, n) =>
        deploy(build(root, n), target, { now: new Date(Date.UTC(2026, 10, 27, 12, 0, n)) }),
      );
      expect(currentRelease(target)).toBe(names[6]);
      expect(releases(target)).toEqual(names.slice(-KEEP));
      const live = path.join(target, 'current');
      expect(readFileSync(path.join(live, 'site', 'catalog.json'), 'utf8')).toContain('v6');
      const conf = readFileSync(path.join(live, 'nginx.conf'), 'utf8');
      // Its own root, by its own path, and the hash of its own page.
      expect(conf).toContain(`root ${path.join(target, 'releases', names[6]!, 'site')};`);
      expect(conf).toContain(hashOf(readFileSync(path.join(live, 'site', 'index.html'), 'utf8')));

      expect(rollback(target)).toBe(names[5]);
      expect(readFileSync(path.join(live, 'site', 'catalog.json'), 'utf8')).toContain('v5');
      // A deploy after a rollback keeps the live release among those it keeps.
      const seventh = deploy(build(root, 7), target, {
        now: new Date(Date.UTC(2026, 10, 27, 12, 1)),
      });
      expect(releases(target)).toHaveLength(KEEP);
      // Back to the release live before the seventh went live: the fifth, rolled back to; then
      // each rollback one further back through the kept releases, never back and forth.
      expect(rollback(target)).toBe(names[5]);
      expect(rollback(target)).toBe(names[4]);
      expect(rollback(target)).toBe(names[3]);
      expect(() => rollback(target, { to: 'nothing' })).toThrow(/No release nothing/);
      expect(rollback(target, { to: seventh })).toBe(seventh);
      expect(rollback(target)).toBe(names[3]);
      const lone = path.join(root, 'lone');
      deploy(build(root, 8), lone);
      expect(() => rollback(lone)).toThrow(/No whole release to go back to/);
      expect(() => deploy(path.join(root, 'nothing'), target)).toThrow(/build the site first/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a new release keeps the live one's scripts and pictures its build lacks, for one release", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    const withChunk = (version: number, chunk: string) => {
      const out = build(root, version);
      mkdirSync(path.join(out, '_next/static/chunks'), { recursive: true });
      writeFileSync(path.join(out, '_next/static/chunks', chunk), `/* ${chunk} */`);
      return out;
    };
    const chunk = (release: string, name: string) =>
      existsSync(path.join(target, 'releases', release, 'site/_next/static/chunks', name));
    try {
      const first = deploy(withChunk(1, 'a.js'), target, {
        now: new Date(Date.UTC(2026, 10, 27, 12)),
      });
      const second = deploy(withChunk(2, 'b.js'), target, {
        now: new Date(Date.UTC(2026, 10, 27, 13)),
      });
      // A page of the first release, loading when the link switched, still finds a.js.
      expect([chunk(second, 'a.js'), chunk(second, 'b.js')]).toEqual([true, true]);
      const third = deploy(withChunk(3, 'c.js'), target, {
        now: new Date(Date.UTC(2026, 10, 27, 14)),
      });
      // b.js is carried; a.js, which the second release only carried, is not.
      expect(['a.js', 'b.js', 'c.js'].map((name) => chunk(third, name))).toEqual([
        false,
        true,
        true,
      ]);
      expect(chunk(first, 'a.js')).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a release's headers are its build's, whatever the deploying shell's settings", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    const shell = process.env.NEXT_PUBLIC_API_BASE_URL;
    try {
      const out = build(root, 1);
      // Built with the live order service in the build's environment.
      const policy = `add_header Content-Security-Policy "connect-src 'self' ${LIVE.apiBaseUrl}" always;`;
      writeFileSync(path.join(out, NGINX_HEADERS_FILE), `${policy}\n`);
      // Deployed from a shell that has another value, or none.
      process.env.NEXT_PUBLIC_API_BASE_URL = 'http://127.0.0.1:8787';
      deploy(out, target, { now: new Date(Date.UTC(2026, 10, 28, 12)) });
      const conf = readFileSync(path.join(target, 'current', 'nginx.conf'), 'utf8');
      expect(conf).toContain(policy);
      expect(conf).not.toContain('127.0.0.1:8787');
    } finally {
      if (shell === undefined) delete process.env.NEXT_PUBLIC_API_BASE_URL;
      else process.env.NEXT_PUBLIC_API_BASE_URL = shell;
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a build made with development settings, or for another site, is refused, naming the setting', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    const at = (hour: number) => ({ now: new Date(Date.UTC(2026, 10, 28, hour)) });
    try {
      const local = build(root, 1, {
        siteUrl: 'http://localhost:3000',
        apiBaseUrl: 'http://127.0.0.1:8787',
        production: false,
      });
      expect(() => deploy(local, target, at(1))).toThrow(
        /development settings \(NEXT_PUBLIC_SITE_URL=http:\/\/localhost:3000, NEXT_PUBLIC_API_BASE_URL=http:\/\/127.0.0.1:8787\)/,
      );
      expect(releases(target)).toEqual([]);
      // A test server takes it when asked to.
      deploy(local, path.join(root, 'test-server'), { ...at(1), development: true });

      const live = deploy(build(root, 2), target, at(2));
      const other = build(root, 3, { ...LIVE, siteUrl: 'https://other-studio.com' });
      expect(() => deploy(other, target, at(3))).toThrow(
        /built for NEXT_PUBLIC_SITE_URL=https:\/\/other-studio.com, and the live release for https:\/\/saanjhstudio.com/,
      );
      expect(currentRelease(target)).toBe(live);
      deploy(other, target, { ...at(3), newSite: true });
      expect(currentRelease(target)).not.toBe(live);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a deploy killed half-way leaves no release: rollback and pruning never see it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    try {
      const first = deploy(build(root, 1), target, { now: new Date(Date.UTC(2026, 10, 28, 1)) });
      const second = deploy(build(root, 2), target, { now: new Date(Date.UTC(2026, 10, 28, 2)) });
      // A big build, its copy killed with SIGKILL once it is under way.
      const big = build(root, 3);
      mkdirSync(path.join(big, 'media'), { recursive: true });
      for (let n = 0; n < 4000; n += 1) {
        writeFileSync(path.join(big, 'media', `p${n}.webp`), `picture ${n}`.repeat(50));
      }
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./scripts/deploy/releases.ts').then((m) => m.deploy(${JSON.stringify(big)}, ${JSON.stringify(target)}))`,
        ],
        { stdio: 'ignore' },
      );
      const partialFiles = () => {
        const partial = readdirSync(path.join(target, 'releases')).find((name) =>
          name.startsWith('.partial-'),
        );
        const media = partial && path.join(target, 'releases', partial, 'site', 'media');
        return media && existsSync(media) ? readdirSync(media).length : 0;
      };
      const started = Date.now();
      while (partialFiles() < 50 && Date.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(partialFiles()).toBeGreaterThan(0);
      expect(partialFiles()).toBeLessThan(4000);
      // An older deploy's crash: a release folder without its nginx.conf.
      mkdirSync(path.join(target, 'releases', '20260928T030000Z', 'site'), { recursive: true });

      expect(releases(target)).toEqual([first, second]);
      expect(currentRelease(target)).toBe(second);
      expect(rollback(target)).toBe(first);
      const third = deploy(build(root, 4), target, { now: new Date(Date.UTC(2026, 10, 28, 4)) });
      expect(
        readdirSync(path.join(target, 'releases')).filter((name) => name.startsWith('.partial')),
      ).toEqual([]);
      expect(readFileSync(path.join(target, 'current', 'site', 'catalog.json'), 'utf8')).toContain(
        'v4',
      );
      expect(currentRelease(target)).toBe(third);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  test('releases named by a clock that ran ahead never make a deploy remove its own release', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    try {
      const ahead = Array.from({ length: KEEP }, (_, n) =>
        deploy(build(root, n), target, { now: new Date(Date.UTC(2031, 0, 1, n)) }),
      );
      const made = deploy(build(root, 9), target, { now: new Date(Date.UTC(2026, 10, 28, 12)) });
      expect(currentRelease(target)).toBe(made);
      expect(existsSync(path.join(target, 'current', 'site', 'index.html'))).toBe(true);
      expect(releases(target)).toEqual([made, ...ahead.slice(1)]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("rollback goes back in time, not by name, and keeps the newer release's scripts", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const target = path.join(root, 'site');
    const at = (hour: number) => ({ now: new Date(Date.UTC(2026, 10, 28, hour)) });
    const withChunk = (version: number, chunk: string) => {
      const out = build(root, version);
      mkdirSync(path.join(out, '_next/static/chunks'), { recursive: true });
      writeFileSync(path.join(out, '_next/static/chunks', chunk), `/* ${chunk} */`);
      return out;
    };
    try {
      const a = deploy(withChunk(1, 'a.js'), target, at(1));
      const b = deploy(withChunk(2, 'b.js'), target, at(2));
      expect(rollback(target, at(3))).toBe(a);
      // b's chunk stays reachable from a, for a page of b still loading.
      expect(existsSync(path.join(target, 'current', 'site/_next/static/chunks/b.js'))).toBe(true);
      const c = deploy(withChunk(3, 'c.js'), target, at(4));
      // Live before c was a (b had been rolled back): the rollback goes there, not to b.
      expect(rollback(target, at(5))).toBe(a);
      expect(currentRelease(target)).toBe(a);
      expect(existsSync(path.join(target, 'current', 'site/_next/static/chunks/c.js'))).toBe(true);
      expect([a, b, c].every((name) => releases(target).includes(name))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
