/** @jest-environment node */
// The S3 + CloudFront recipe against a local S3-compatible server (s3rver, speaking S3's REST
// API): what a bucket's REST endpoint answers for the site's addresses, with the recipe's
// CloudFront Function and its custom error response, as CloudFront would put them together.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

type Request = { uri: string; querystring: Record<string, { value: string }> };
type Redirect = { statusCode: number; headers: { location: { value: string } } };
const handler = new Function(
  `${readFileSync(path.join(__dirname, 'cloudfront-function.js'), 'utf8')}; return handler;`,
)() as (event: { request: Request }) => Request | Redirect;

/** The recipe's custom error responses: a key that is not there gets the site's 404 page. */
const ERROR_PAGE = { codes: [403, 404], page: '/404.html', status: 404 };

let dir: string;
let server: S3rver;
let bucket: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'site', configs: [] }],
  });
  const { port } = await server.run();
  bucket = `http://127.0.0.1:${port}/site`;
  // A release's files, uploaded as `aws s3 cp out/ s3://bucket/ --recursive` names them.
  const files: Record<string, [string, string]> = {
    'index.html': ['text/html', '<h1>Home</h1>'],
    'about/index.html': ['text/html', '<h1>About</h1>'],
    '404.html': ['text/html', '<h1>Not found</h1>'],
    'media/cover-640.avif': ['image/avif', 'avif'],
  };
  for (const [key, [type, body]] of Object.entries(files)) {
    const put = await fetch(`${bucket}/${key}`, {
      method: 'PUT',
      body,
      headers: { 'content-type': type },
    });
    expect(put.status).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a visitor gets from CloudFront with the function and the error response in front of S3. */
async function visit(address: string) {
  const url = new URL(address, 'https://saanjhstudio.example');
  const querystring = Object.fromEntries(
    [...url.searchParams].map(([key, value]) => [key, { value }]),
  );
  const asked = handler({ request: { uri: url.pathname, querystring } });
  if ('statusCode' in asked) {
    return { status: asked.statusCode, location: asked.headers.location.value };
  }
  const answer = await fetch(`${bucket}${asked.uri}`);
  if (ERROR_PAGE.codes.includes(answer.status)) {
    const page = await fetch(`${bucket}${ERROR_PAGE.page}`);
    return { status: ERROR_PAGE.status, body: await page.text() };
  }
  return {
    status: answer.status,
    body: await answer.text(),
    type: answer.headers.get('content-type'),
  };
}

describe('S3 + CloudFront', () => {
  test("a bucket's REST endpoint answers a page's address with 404: it knows keys, not folders", async () => {
    expect((await fetch(`${bucket}/about/`)).status).toBe(404);
  });

  test('the function asks for the page, moves an address without its slash, and leaves files alone', async () => {
    expect(await visit('/')).toMatchObject({ status: 200, body: '<h1>Home</h1>' });
    expect(await visit('/about/')).toMatchObject({ status: 200, body: '<h1>About</h1>' });
    expect(await visit('/about')).toEqual({ status: 301, location: '/about/' });
    expect(await visit('/about?from=menu')).toEqual({ status: 301, location: '/about/?from=menu' });
    expect(await visit('/media/cover-640.avif')).toMatchObject({ status: 200, type: 'image/avif' });
  });

  test("an address with no page gets the site's 404 page, with status 404", async () => {
    expect(await visit('/no-such-page/')).toEqual({ status: 404, body: '<h1>Not found</h1>' });
    expect(await visit('/media/gone.avif')).toEqual({ status: 404, body: '<h1>Not found</h1>' });
  });
});
