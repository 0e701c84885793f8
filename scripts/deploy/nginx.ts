// nginx's part of a release (scripts/deploy/releases.ts): its root, compression and the headers
// and redirects its own build wrote, to `include` in the site's server block.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readRedirects } from '../html/links';
import { NGINX_HEADERS_FILE } from './build-settings';

/** Where Debian enables nginx's modules; its brotli filter (libnginx-mod-http-brotli-filter) among them. */
const NGINX_MODULES = '/etc/nginx/modules-enabled';

/** Whether this server's nginx loads the brotli filter (Debian's package enables it there). */
export const brotliInstalled = (modules = NGINX_MODULES) =>
  existsSync(modules) && readdirSync(modules).some((file) => /brotli-filter/.test(file));

/** What nginx compresses besides HTML: the text a page loads (pictures are compressed already). */
const COMPRESSED_TYPES =
  'text/css text/plain text/xml application/javascript application/json application/xml application/manifest+json image/svg+xml';

/**
 * Compression: each page's HTML holds its CSS three times (docs/deploying.md), which brotli folds
 * into one and gzip only partly; gzip for the browsers and servers without it.
 */
export const compressionConfig = (brotli: boolean) =>
  [
    'gzip on;',
    'gzip_vary on;',
    'gzip_comp_level 6;',
    `gzip_types ${COMPRESSED_TYPES};`,
    ...(brotli ? ['brotli on;', 'brotli_comp_level 5;', `brotli_types ${COMPRESSED_TYPES};`] : []),
  ].join('\n');

/**
 * nginx's part of a release, to `include` in the server block: its root, by the release's own
 * path (not through `current`), so that workers started before a reload keep serving the release
 * whose headers they have; compression (brotli where the module is loaded); then the headers of
 * each of its pages, as its build wrote them.
 */
export function nginxConfig(site: string, root = site, brotli = brotliInstalled()): string {
  return [
    `# Written by npm run deploy: the root, compression, headers and redirects of this release.`,
    `root ${root};`,
    compressionConfig(brotli),
    readFileSync(path.join(site, NGINX_HEADERS_FILE), 'utf8').trimEnd(),
    // The old addresses of out/_redirects, moved permanently (scripts/html/links.ts).
    ...readRedirects(site).map(({ from, to }) => `location = ${from} {\n  return 301 ${to};\n}`),
    '',
  ].join('\n');
}
