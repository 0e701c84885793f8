import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The site as a slow connection delivers it: a proxy in front of the e2e server that holds the
 * page's script chunks back until `release()`, so that a tap lands before React has hydrated the
 * page, whatever the engine (WebKitWebDriver cannot intercept requests).
 */
export async function heldScripts(site: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const proxy = http.createServer(async (request, response) => {
    if (/^\/_next\/static\/chunks\/.+\.js$/.test(request.url ?? '')) await released;
    const upstream = http.request(
      new URL(request.url ?? '/', site),
      { method: request.method, headers: { ...request.headers, host: new URL(site).host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url,
    release,
    close: () => {
      release();
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
