import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes, type PageScripts } from '@/lib/security-headers';

/**
 * The CMS's folder in out/ (scripts/cms/build.ts writes it through public/): a third-party app,
 * not a page of the site, so the page rewrite and the pages' policies do not apply to it.
 */
export const ADMIN_DIR = 'admin';

/** The site's pages in out/, as paths relative to it: every HTML file outside admin/. */
export function sitePages(out: string): string[] {
  return readdirSync(out, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.html') && !file.startsWith(`${ADMIN_DIR}/`),
  );
}

/** Each page of a built site with the hashes of its inline scripts, by the address it is served at. */
export function pageScripts(out: string): PageScripts[] {
  return sitePages(out)
    .map((file) => ({
      // out/about/index.html is served at /about/ (trailingSlash); 404.html at any unknown address.
      path: `/${file.split(path.sep).join('/')}`.replace(/index\.html$/, ''),
      hashes: inlineScriptHashes(readFileSync(path.join(out, file), 'utf8')),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
