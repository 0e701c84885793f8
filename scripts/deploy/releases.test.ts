/** @jest-environment node */
// npm run deploy and rollback: releases switched in one step, five kept, and a real nginx serving a
// target through three deploys and a rollback with every page's HTML and headers from one release.
import { describe, expect, test } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentRelease, deploy, KEEP, releases, rollback } from './releases';

const NGINX = '/usr/sbin/nginx';

/** A built site whose pages each carry an inline script naming the build. */
function build(root: string, version: number) {
  const out = path.join(root, `out-${version}`);
  for (const page of ['', 'about/']) {
    mkdirSync(path.join(out, page), { recursive: true });
    writeFileSync(
      path.join(out, page, 'index.html'),
      `<!doctype html><html><head><script>window.build=${version}</script></head><body>${page}</body></html>`,
    );
  }
  writeFileSync(path.join(out, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
  writeFileSync(path.join(out, 'catalog.json'), JSON.stringify({ version: `v${version}` }));
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

  const haveNginx = existsSync(NGINX);
  (haveNginx || process.env.CI ? test : test.skip)(
    'a real nginx through three deploys and a rollback: every response one release’s HTML and headers',
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'deploy-nginx-'));
      // nginx's workers run as another user: the target is readable by all, as a web root is.
      chmodSync(root, 0o755);
      const target = path.join(root, 'site');
      const port = await freePort();
      const conf = path.join(root, 'nginx.conf');
      const temp = (name: string) => `${name}_temp_path ${path.join(root, name)};`;
      writeFileSync(
        conf,
        `daemon off;
worker_processes 1;
pid ${path.join(root, 'nginx.pid')};
error_log ${path.join(root, 'error.log')};
events { worker_connections 64; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    index index.html;
    include ${path.join(target, 'current', 'nginx.conf')};
  }
}
`,
      );
      deploy(build(root, 1), target, { now: new Date(Date.UTC(2026, 10, 27, 12, 0, 1)) });
      const nginx = spawn(NGINX, ['-c', conf, '-p', root], { stdio: 'ignore' });
      const reload = () => execFileSync(NGINX, ['-c', conf, '-p', root, '-s', 'reload']);
      try {
        await until(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.ok);
        const seen = {
          responses: 0,
          mismatched: 0,
          failed: [] as (string | number)[],
          builds: new Set<string>(),
        };
        let loading = true;
        const load = async () => {
          while (loading) {
            for (const page of ['/', '/about/']) {
              // A browser sends a GET again when a kept-alive connection was closed under it (an
              // old worker leaving at a reload does that): once, as here.
              const get = () =>
                fetch(`http://127.0.0.1:${port}${page}`).catch((error: Error) => error);
              const first = await get();
              const response = first instanceof Error ? await get() : first;
              if (response instanceof Error || !response.ok) {
                seen.failed.push(
                  response instanceof Error ? String(response.cause ?? response) : response.status,
                );
                continue;
              }
              const html = await response.text();
              seen.responses += 1;
              seen.builds.add(/window\.build=(\d+)/.exec(html)![1]!);
              const policy = response.headers.get('content-security-policy') ?? '';
              if (!policy.includes(hashOf(html))) seen.mismatched += 1;
            }
          }
        };
        const loaders = [load(), load()];
        const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
        for (const version of [2, 3, 4]) {
          await pause();
          deploy(build(root, version), target, {
            now: new Date(Date.UTC(2026, 10, 27, 12, 0, version)),
          });
          reload();
        }
        await pause();
        rollback(target);
        reload();
        await pause();
        loading = false;
        await Promise.all(loaders);
        expect(seen.failed).toEqual([]);
        expect(seen.mismatched).toBe(0);
        expect(seen.responses).toBeGreaterThan(20);
        expect([...seen.builds].sort()).toEqual(['1', '2', '3', '4']);
        // After the rollback, the third build is what every new request gets.
        await until(async () =>
          (await (await fetch(`http://127.0.0.1:${port}/`)).text()).includes('window.build=3'),
        );
      } finally {
        nginx.kill();
        rmSync(root, { recursive: true, force: true });
      }
    },
    30_000,
  );
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => Promise<unknown>, ms = 10_000) {
  for (const started = Date.now(); !(await condition());) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
