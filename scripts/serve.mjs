// Serves the static export in out/ as a CDN would: compressed, trailing-slash URLs, 404.html for
// the rest, and the headers of out/_headers (the file Netlify and Cloudflare Pages read).
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';

// SERVE_ROOT: another built site, such as an older commit's, to compare (npm run bench:taps).
const root = process.env.SERVE_ROOT
  ? path.resolve(process.env.SERVE_ROOT)
  : new URL('../out', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(root)) {
  console.error(`${root} does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

/** The rules of a _headers file: a path pattern, then indented "Name: value" or "! Name" lines. */
function readHeaderRules(file) {
  if (!existsSync(file)) return [];
  const rules = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ test: new RegExp(`^${pattern}$`), steps: [] });
    } else if (line.trim().startsWith('!')) {
      rules.at(-1).steps.push({ remove: line.trim().slice(1).trim() });
    } else {
      const [name, ...value] = line.trim().split(':');
      rules.at(-1).steps.push({ name: name.trim(), value: value.join(':').trim() });
    }
  }
  return rules;
}

const rules = readHeaderRules(`${root}/_headers`);
const compress = compression();

http
  .createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname === '/_headers') request.url = '/__not-served__/';
    for (const rule of rules.filter((candidate) => candidate.test.test(pathname))) {
      for (const step of rule.steps) {
        if (step.remove) response.removeHeader(step.remove);
        else response.setHeader(step.name, step.value);
      }
    }
    // serve-handler's own list of types predates AVIF (and would send none).
    if (pathname.endsWith('.avif')) response.setHeader('Content-Type', 'image/avif');
    compress(request, response, () =>
      handler(request, response, {
        public: root,
        trailingSlash: true,
        directoryListing: false,
        // An ETag and 304 for a request that names it, as CDNs answer (the order service asks for
        // /catalog.json that way every minute).
        etag: true,
      }),
    );
  })
  .listen(port, host, () => console.log(`Serving out/ at http://${host}:${port}/`));
