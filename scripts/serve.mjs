// Serves the static export in out/ as a CDN would: trailing-slash URLs, 404.html for the rest.
import { existsSync } from 'node:fs';
import http from 'node:http';
import handler from 'serve-handler';

const root = new URL('../out', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(root)) {
  console.error('out/ does not exist: run `npm run build` first.');
  process.exit(1);
}

http
  .createServer((request, response) =>
    handler(request, response, { public: root, trailingSlash: true, directoryListing: false }),
  )
  .listen(port, host, () => console.log(`Serving out/ at http://${host}:${port}/`));
