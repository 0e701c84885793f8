import { readdirSync } from 'node:fs';

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
