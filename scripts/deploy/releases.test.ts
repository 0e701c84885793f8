/** @jest-environment node */
// npm run deploy and rollback: releases switched in one step, five kept, the live release's scripts
// carried one release on (a real nginx serving them under a browser: e2e/hosts/nginx.spec.ts).
import { describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      deploy(build(root, 7), target, { now: new Date(Date.UTC(2026, 10, 27, 12, 1)) });
      expect(releases(target)).toHaveLength(KEEP);
      for (let n = 0; n < KEEP - 1; n += 1) rollback(target);
      expect(() => rollback(target)).toThrow(/No release before/);
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
});
