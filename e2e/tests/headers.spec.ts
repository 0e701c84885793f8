import { contentSecurityPolicy, inlineScriptHashes } from '@/lib/security-headers';
import { expect, test } from '../fixtures';
import { apiBase } from '../service';

test('pages and assets are served with the security and caching headers of out/_headers', async ({
  request,
}) => {
  const response = await request.get('/presets/');
  const headers = response.headers();
  const html = await response.text();
  // The page's own policy: its inline scripts by hash, and no 'unsafe-inline' for scripts.
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThan(3);
  expect(headers['content-security-policy']).toBe(contentSecurityPolicy(hashes, apiBase));
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['content-security-policy']).toContain(`connect-src 'self' ${apiBase}`);
  expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');

  for (const prefix of ['/_next/static/', '/media/']) {
    const path = html.match(new RegExp(`"(${prefix}[^"?\\s]+)`))?.[1];
    expect(path).toBeDefined();
    const asset = await request.get(path!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-security-policy'], 'a policy only on pages').toBeUndefined();
  }
  expect((await request.get('/_headers')).status()).toBe(404);
});
