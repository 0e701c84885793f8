// Writes out/_headers (Netlify, Cloudflare Pages) for this build's settings after `next build`;
// with --nginx, prints the same headers for an nginx server block instead.
import { writeFileSync } from 'node:fs';
import { headersFile, nginxSnippet } from '@/lib/security-headers';

if (process.argv.includes('--nginx')) {
  console.log(nginxSnippet());
} else {
  writeFileSync(new URL('../out/_headers', import.meta.url), headersFile());
}
