// A real nginx serves a deploy target (npm run deploy) while a browser loads every route in a loop
// through three deploys and a rollback: every page's HTML and headers from one release, no
// Content-Security-Policy violation, no failed script, style or picture.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allRoutes } from '@/lib/routes';
import { inlineScriptHashes } from '@/lib/security-headers';
import { brotliInstalled } from '../../scripts/deploy/nginx';
import { deploy, rollback } from '../../scripts/deploy/releases';
import { writeHeaders } from '../../scripts/headers';
import { sitePages } from '../../scripts/site-pages';
import { expect, test } from '../fixtures';
import { NGINX, nginxPort, startNginx, visit, OLD_ADDRESSES, whereMoved } from './hosts';
import { untilAnswers } from '../answers';

test.use({ baseURL: `http://127.0.0.1:${nginxPort}` });
test.skip(
  !existsSync(NGINX) && !process.env.CI,
  "Debian's nginx is not installed (apt-get install nginx)",
);

const marker = (release: number) => `<script>window.release=${release}</script>`;
const markerHash = (release: number) => inlineScriptHashes(marker(release))[0]!;

/**
 * out/ as release `n`: each page carries an inline script naming it, and the headers are written
 * anew (each page's policy names its scripts' hashes, so HTML of one release with headers of
 * another blocks them). The pictures are shared by a link: they are named by their content.
 */
function release(root: string, n: number): string {
  const out = path.resolve('out');
  const dir = path.join(root, `out-${n}`);
  cpSync(out, dir, { recursive: true, filter: (src) => src !== path.join(out, 'media') });
  symlinkSync(path.join(out, 'media'), path.join(dir, 'media'));
  for (const page of sitePages(dir)) {
    const file = path.join(dir, page);
    const charset = '<meta charSet="utf-8"/>';
    writeFileSync(file, readFileSync(file, 'utf8').replace(charset, `${charset}${marker(n)}`));
  }
  writeHeaders(dir);
  return dir;
}

test('three deploys and a rollback under a browser loading every route: one release per page, nothing blocked', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const root = mkdtempSync(path.join(tmpdir(), 'e2e-nginx-'));
  // nginx's workers run as another user: the target is readable by all, as a web root is.
  chmodSync(root, 0o755);
  const target = path.join(root, 'target');
  const builds = [1, 2, 3, 4].map((n) => release(root, n));
  const at = (n: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, n));
  deploy(builds[0]!, target, { now: at(1), development: true });
  const nginx = startNginx(root, target);
  try {
    await untilAnswers(`http://127.0.0.1:${nginxPort}/`, { ms: 60_000 });
    const routes = allRoutes()
      .filter((route) => route.kind !== 'preset-redirect')
      .map((route) => route.path);
    const seen = { releases: new Set<number>(), mixed: [] as string[] };
    const load = async (route: string) => {
      const response = await visit(page, route);
      expect(response.status(), route).toBe(200);
      const html = await response.text();
      const n = Number(/window\.release=(\d+)/.exec(html)?.[1]);
      seen.releases.add(n);
      if (!response.headers()['content-security-policy']?.includes(markerHash(n))) {
        seen.mixed.push(`${route}: HTML of release ${n}, headers of another`);
      }
      return n;
    };
    // Each route once, in order; four times along the way, while a page is loading, the next
    // release goes live (the third time, the rollback) and nginx reloads.
    const steps = [
      () => deploy(builds[1]!, target, { now: at(2), development: true }),
      () => deploy(builds[2]!, target, { now: at(3), development: true }),
      () => deploy(builds[3]!, target, { now: at(4), development: true }),
      () => rollback(target),
    ];
    const every = Math.floor(routes.length / (steps.length + 1));
    for (const [index, route] of routes.entries()) {
      const loading = load(route);
      if (index > 0 && index % every === 0 && steps.length > 0) {
        await page.waitForEvent('request');
        steps.shift()!();
        nginx.reload();
      }
      await loading;
    }
    expect(seen.mixed).toEqual([]);
    expect([...seen.releases].sort()).toEqual([1, 2, 3, 4]);
    // After the rollback, every new request gets the third release.
    await expect.poll(async () => load('/')).toBe(3);
    // The old addresses are real redirects (out/_redirects, in the release's nginx.conf).
    for (const [from, to] of OLD_ADDRESSES) {
      expect(await whereMoved(page, from)).toEqual([301, to]);
    }
    // Pages go compressed: brotli where Debian's module is installed, gzip otherwise and for
    // browsers that ask for gzip only.
    const encoding = async (accept: string) =>
      (await page.request.get('/', { headers: { 'accept-encoding': accept } })).headers()[
        'content-encoding'
      ];
    expect(await encoding('gzip')).toBe('gzip');
    expect(await encoding('br, gzip')).toBe(brotliInstalled() ? 'br' : 'gzip');
    // The problems fixture fails the test on any CSP violation, console error or failed load.
  } finally {
    nginx.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
