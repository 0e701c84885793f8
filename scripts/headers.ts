// Writes out/_headers (Netlify, Cloudflare Pages) for this build's settings after `next build`,
// with each page's Content-Security-Policy naming the hashes of its own inline scripts, the same
// headers for nginx (out/_headers.nginx, which npm run deploy publishes: a release's headers are
// its build's, never the deploying shell's) and what the build was made for (out/_build.json), and
// puts the 404 page's policy in its own <head> (it answers every unknown address); with --nginx,
// prints the nginx headers instead.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { headersFile, nginxSnippet, notFoundPolicyMeta } from '@/lib/security-headers';
import { isProductionBuild, settings } from '@/lib/settings';
import { BUILD_FILE, NGINX_HEADERS_FILE, type BuildSettings } from './deploy/build-settings';
import { pageScripts } from './site-pages';

/** Writes a built site's `_headers` and its 404 page's policy; how many pages and hashes. */
export function writeHeaders(out: string) {
  const pages = pageScripts(out);
  writeFileSync(path.join(out, '_headers'), headersFile(pages));
  writeFileSync(path.join(out, NGINX_HEADERS_FILE), `${nginxSnippet(pages)}\n`);
  const made: BuildSettings = {
    siteUrl: settings.siteUrl,
    apiBaseUrl: settings.apiBaseUrl,
    production: isProductionBuild(process.env),
  };
  writeFileSync(path.join(out, BUILD_FILE), `${JSON.stringify(made, null, 2)}\n`);
  const notFound = pages.find((page) => page.path === '/404.html');
  if (notFound) {
    const file = path.join(out, '404.html');
    const html = readFileSync(file, 'utf8').replace(
      /<meta http-equiv="Content-Security-Policy"[^>]*>/,
      '',
    );
    // Right after the charset, before any script the policy governs.
    const charset = '<meta charSet="utf-8"/>';
    if (!html.includes(charset)) {
      throw new Error(`${file}: no ${charset} to put the page's policy after`);
    }
    writeFileSync(file, html.replace(charset, `${charset}${notFoundPolicyMeta(notFound.hashes)}`));
  }
  return { pages: pages.length, hashes: new Set(pages.flatMap((page) => page.hashes)).size };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const out = path.resolve('out');
  if (process.argv.includes('--nginx')) {
    console.log(nginxSnippet(pageScripts(out)));
  } else {
    const { pages, hashes } = writeHeaders(out);
    console.log(`Headers: a policy for each of ${pages} pages, ${hashes} inline script hashes.`);
  }
}
