// The site's /catalog.json as the e2e run's order service reads it: out/catalog.json, as the
// static host serves it (ETag, 304), unless a test published another catalogue through
// PUT /override (a redeploy of the site with new prices), until DELETE /override.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const port = Number(process.env.PORT ?? 8789);
const published = path.resolve('out/catalog.json');
let override: string | null = null;

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  if (pathname === '/override' && request.method === 'DELETE') {
    override = null;
    return void response.writeHead(204).end();
  }
  if (pathname === '/override' && request.method === 'PUT') {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      override = body;
      response.writeHead(204).end();
    });
    return;
  }
  if (pathname !== '/catalog.json') return void response.writeHead(404).end();
  const body = override ?? readFileSync(published, 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  if (request.headers['if-none-match'] === etag)
    return void response.writeHead(304, { ETag: etag }).end();
  response.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(body);
}).listen(port, '127.0.0.1', () =>
  console.log(`catalogue at http://127.0.0.1:${port}/catalog.json`),
);
