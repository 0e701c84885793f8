// The servers a real host runs, started for the hosts project (playwright.config.ts): Debian's
// nginx serving a deploy target (npm run deploy), and Cloudflare's own local Pages server
// (`wrangler pages dev`, workerd applying out/_headers as Pages does).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { brotliInstalled } from '../../scripts/deploy/nginx';

export const NGINX = '/usr/sbin/nginx';
export const nginxPort = Number(process.env.E2E_NGINX_PORT ?? 4191);
export const pagesPort = Number(process.env.E2E_PAGES_PORT ?? 4192);
export const hostOrigins = [nginxPort, pagesPort].map((port) => `http://127.0.0.1:${port}`);

/** nginx in the foreground with a server block that includes the live release's part. */
export function startNginx(root: string, target: string) {
  const conf = path.join(root, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${path.join(root, name)};`;
  writeFileSync(
    conf,
    `daemon off;
${brotliInstalled() ? `# Debian's brotli filter, which its own nginx.conf loads (by a path relative to /usr/share/nginx).\nload_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;\n` : ''}worker_processes 2;
pid ${path.join(root, 'nginx.pid')};
error_log ${path.join(root, 'error.log')};
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  types { image/avif avif; }
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${nginxPort};
    index index.html;
    error_page 404 /404.html;
    include ${path.join(target, 'current', 'nginx.conf')};
  }
}
`,
  );
  const server = spawn(NGINX, ['-c', conf, '-p', root], { stdio: 'ignore' });
  return {
    reload: () => execFileSync(NGINX, ['-c', conf, '-p', root, '-s', 'reload']),
    stop: () => server.kill(),
  };
}

/** `wrangler pages dev out` (wrangler.toml), with what it printed kept for the test to read. */
export function startPagesDev(): { log: () => string; stop: () => void } {
  let log = '';
  const server: ChildProcess = spawn(
    path.resolve('node_modules/.bin/wrangler'),
    [
      'pages',
      'dev',
      'out',
      '--ip',
      '127.0.0.1',
      '--port',
      String(pagesPort),
      '--log-level',
      'warn',
    ],
    {
      detached: true,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', CI: '1' },
    },
  );
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  return {
    log: () => log,
    // workerd runs as wrangler's child: the whole group goes.
    stop: () => {
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Opens an address as a visitor does and waits for the page to have loaded and run its scripts
 * (React marks <html data-hydrated>); a page whose scripts its policy blocks never gets there.
 */
export async function visit(page: Page, url: string): Promise<Response> {
  const response = await page.goto(url, { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
  return response!;
}

/** Old addresses the pages still link to, and where out/_redirects moves them permanently. */
export const OLD_ADDRESSES = [
  ['/Weddings/wed1', '/weddings/Wed1/'],
  ['/stoic-preset/', '/full-item/stoic-pack/'],
] as const;

/** A host's answer to an old address, not followed: its status and where it points. */
export async function whereMoved(page: Page, from: string) {
  const moved = await page.request.get(from, { maxRedirects: 0 });
  return [moved.status(), new URL(moved.headers().location!, moved.url()).pathname];
}
