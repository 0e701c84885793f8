// out/ served by Cloudflare's own local Pages server (`wrangler pages dev`: workerd, applying
// out/_headers with Pages' rules and limits): every route loads and runs its scripts with no
// Content-Security-Policy violation, and an unknown address gets the 404 page, scripts and all.
import { allRoutes } from '@/lib/routes';
import { expect, test } from '../fixtures';
import { untilAnswers } from '../answers';
import { pagesPort, startPagesDev, visit, OLD_ADDRESSES, whereMoved } from './hosts';

test.use({ baseURL: `http://127.0.0.1:${pagesPort}` });

let pages: ReturnType<typeof startPagesDev>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  pages = startPagesDev();
  await untilAnswers(`http://127.0.0.1:${pagesPort}/`, { ms: 60_000 }).catch((error: Error) => {
    throw new Error(`${error.message}\n${pages.log()}`);
  });
});
test.afterAll(() => pages?.stop());

test('every route as Cloudflare Pages serves it: its own policy, its scripts run', async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000);
  // Pages ignores a _headers line past 2,000 characters, saying so only in its log.
  expect(pages.log()).not.toMatch(/invalid header rule|Ignoring line/i);
  for (const { path } of allRoutes().filter((route) => route.kind !== 'preset-redirect')) {
    const response = await visit(page, path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-security-policy'], path).toMatch(
      /script-src 'self' 'sha256-/,
    );
  }
  // The old addresses are real redirects (out/_redirects).
  for (const [from, to] of OLD_ADDRESSES) {
    expect(await whereMoved(page, from)).toEqual([301, to]);
  }
  problems.allow(/no-such-page/);
  const missing = await visit(page, '/no-such-page/');
  expect(missing.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The problems fixture fails the test on any policy violation, console error or failed load.
});
