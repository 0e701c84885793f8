import { contentSecurityPolicy } from '@/lib/security-headers';
import { expect, test } from '../fixtures';
import { apiBase } from '../service';

test('pages and assets are served with the security and caching headers of out/_headers', async ({
  page,
  request,
}) => {
  const response = await request.get('/presets/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toBe(contentSecurityPolicy(apiBase));
  expect(headers['content-security-policy']).toContain(`connect-src 'self' ${apiBase}`);
  expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');

  await page.goto('/presets/');
  const assets = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  for (const path of [
    assets.find((p) => p.startsWith('/_next/static/')),
    assets.find((p) => p.startsWith('/media/')),
  ]) {
    expect(path).toBeDefined();
    const asset = await request.get(path!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  expect((await request.get('/_headers')).status()).toBe(404);
});
