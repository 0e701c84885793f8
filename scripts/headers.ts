// Writes out/_headers (Netlify, Cloudflare Pages) for this build's settings after `next build`,
// with each page's Content-Security-Policy naming the hashes of its own inline scripts; with
// --nginx, prints the same headers for an nginx server block instead.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { headersFile, nginxSnippet } from '@/lib/security-headers';
import { pageScripts } from './site-pages';

const out = path.resolve('out');
const pages = pageScripts(out);

if (process.argv.includes('--nginx')) {
  console.log(nginxSnippet(pages));
} else {
  writeFileSync(path.join(out, '_headers'), headersFile(pages));
  const hashes = new Set(pages.flatMap((page) => page.hashes)).size;
  console.log(
    `Headers: a policy for each of ${pages.length} pages, ${hashes} inline script hashes.`,
  );
}
