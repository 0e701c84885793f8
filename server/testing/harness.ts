// What the service's tests share: a service on a free port with the fake PayPal, and the calls a
// checkout, a buyer and PayPal make to it (the site's API calls through `app.request`, without the
// port; downloads, webhooks and the proxy's addresses over HTTP).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publishedCatalog } from '@/lib/catalog';
import { formatAmount } from '@/lib/shared/money';
import { orderTotalCents, type AppliedDiscount, type PackRef } from '@/lib/shared/order';
import { versioned, type ShopCatalog } from '@/lib/node/shop-catalog';
import { loadConfig, type Config } from '../config';
import type { Fields } from '../log';
import { newOrderReference, orderRequest, type PayPalOrder } from '../paypal/orders';
import { after, before } from 'node:test';
import { serve } from '@hono/node-server';
import { createFakePayPal } from './paypal/fake-paypal';
import { startWithFakes } from './with-fakes';
import { startSmtpCapture } from './smtp-capture';
import { COPY } from '../downloads/store';

export const SITE = 'http://127.0.0.1:4173';
/** The catalogue the build publishes from content/ (what the site's /catalog.json holds). */
export const publishedShop = publishedCatalog();
export const allPacks: PackRef[] = publishedShop.packs.map(({ slug, name, priceCents }) => ({
  slug,
  name,
  priceCents,
}));
export const [stoic, regal, earthy] = allPacks as [PackRef, PackRef, PackRef];
/** Where the studio's copies and alerts go: the catalogue's address (no STUDIO_EMAIL is set). */
export const STUDIO = publishedShop.studio.email;
export const priceOf = (...packs: PackRef[]) => formatAmount(orderTotalCents(packs));

export type Service = Awaited<ReturnType<typeof startWithFakes>>;

/**
 * The studio's staff in tests: the studio's address and desks of their own, so that each test
 * signs in as its own (an address gets a new sign-in link only every few minutes).
 */
const DESKS = Array.from({ length: 100 }, (_, n) => `desk-${n + 1}@example.com`);
let desk = 0;
/** A staff address no other test of this process has signed in with. */
export const staffAddress = () => DESKS[desk++ % DESKS.length]!;

/**
 * The site's /catalog.json on a port of its own, as a static host serves it (an ETag, 304 to a
 * request that names it), which a test can change, or take down.
 */
export async function serveCatalog(initial: unknown = publishedShop) {
  let catalog = initial;
  let down = false;
  const requests: { ifNoneMatch: string | null; status: number }[] = [];
  const server = createServer((request, response) => {
    const body = JSON.stringify(catalog);
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const status = down ? 503 : request.headers['if-none-match'] === etag ? 304 : 200;
    requests.push({ ifNoneMatch: request.headers['if-none-match'] ?? null, status });
    if (status === 503) return void response.writeHead(503).end();
    response.writeHead(status, { 'Content-Type': 'application/json', ETag: etag });
    response.end(status === 200 ? body : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/catalog.json`,
    requests,
    /** Publishes another catalogue, as a redeployed site does. */
    publish(next: unknown) {
      catalog = next;
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The shop's catalogue with some packs changed, as the editor would publish it. */
export function catalogWith(change: (catalog: Omit<ShopCatalog, 'version'>) => void): ShopCatalog {
  const copy: Omit<ShopCatalog, 'version'> & { version?: string } = structuredClone(publishedShop);
  delete copy.version;
  change(copy);
  return versioned(copy);
}

/** A clock a test moves on: the wall's, plus what the test has moved it by. */
export function testClock() {
  let offset = 0;
  const now = () => Date.now() + offset;
  return Object.assign(now, {
    advance(ms: number) {
      offset += ms;
    },
    /** Back to the wall's time. */
    reset() {
      offset = 0;
    },
  });
}

export async function start(
  smtpUrl: string | null,
  { now, ...overrides }: Partial<Config> & { now?: () => number } = {},
  dir = mkdtempSync(path.join(tmpdir(), 'order-service-')),
) {
  const logs: Fields[] = [];
  const site = await serveCatalog();
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    SITE_ORIGINS: SITE,
    DOWNLOAD_LIMIT: '3',
    RATE_LIMIT_PER_MINUTE: '1000',
    STUDIO_STAFF: ['studio@example.com', ...DESKS].join(','),
    REVIEWS_DIR: path.join(dir, 'reviews'),
  });
  const config = {
    ...base,
    // The studio hears of each review at once (a test of the notice's window sets its own).
    reviews: { ...base.reviews, noticeWindowMs: 0 },
    port: 0,
    fakePayPalPort: 0,
    fakeViesPort: 0,
    fakeWebhookDelayMs: 0,
    mailRetryDelaysMs: [20, 20, 20],
    smtpUrl,
    catalogUrl: site.url,
    ...overrides,
  };
  const log = {
    info: (f: Fields) => logs.push(f),
    warn: (f: Fields) => logs.push(f),
    error: (f: Fields) => logs.push(f),
  };
  const service = await startWithFakes(config, log, now);
  const close = service.close;
  service.close = async () => {
    await close();
    await site.close();
  };
  return { service, config, logs, dir, site };
}

/** The answer of a paid order's capture or confirmation: 200, to the buyer, with these packs' links. */
export async function receiptOf(response: Response, packs: PackRef[]): Promise<Receipt> {
  assert.equal(response.status, 200, await response.clone().text());
  const receipt = (await response.json()) as Receipt;
  assert.equal(receipt.email, CUSTOMER.email);
  assert.deepEqual(
    receipt.downloads.map((download) => download.name),
    packs.map((pack) => pack.name),
  );
  return receipt;
}

/** Settings whose PayPal answers nowhere (a port nothing listens on). */
export const PAYPAL_OUT_OF_REACH: Partial<Config> = {
  fakePayPalPort: null,
  paypal: { apiBase: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', webhookId: 'W' },
};

/**
 * A webhook a forger sends: PayPal's headers naming PayPal's certificate, a made-up signature.
 * Resolves with the status the service answered.
 */
export const forgedWebhook = (service: Service, n: number, eventType: string) =>
  fetch(`${service.url}/webhooks/paypal`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'PayPal-Auth-Algo': 'SHA256withRSA',
      'PayPal-Cert-Url': `${service.paypalBase}/v1/notifications/certs/CERT-FAKE-360caa42`,
      'PayPal-Transmission-Id': `forged-${n}`,
      'PayPal-Transmission-Sig': 'Zm9yZ2Vk',
      'PayPal-Transmission-Time': new Date().toISOString(),
    },
    body: JSON.stringify({ id: `WH-${n}`, event_type: eventType }),
  }).then((response) => response.status);

/**
 * A test's own service (as `start` makes it), closed and its folder removed after the test,
 * whatever happens in it.
 */
export async function withService<T>(
  smtpUrl: string | null,
  overrides: Partial<Config>,
  test: (started: Awaited<ReturnType<typeof start>>) => Promise<T>,
): Promise<T> {
  const started = await start(smtpUrl, overrides);
  try {
    return await test(started);
  } finally {
    await started.service.close();
    rmSync(started.dir, { recursive: true, force: true });
  }
}

const post = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body ?? {}),
  }).then((response) => response.json() as Promise<PayPalOrder>);

/** An access token of the fake PayPal, as the JS SDK or the studio's account has one. */
export async function paypalToken(service: Service) {
  const response = await fetch(`${service.paypalBase}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}`,
    },
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
}

/**
 * The studio refunds an order's capture in its PayPal account: in full, or `value`.
 * `Fake-PayPal-Repeat` in `headers` has PayPal send its event that many times.
 */
export async function refund(
  service: Service,
  orderId: string,
  { value, headers = {} }: { value?: string; headers?: Record<string, string> } = {},
) {
  return fetch(
    `${service.paypalBase}/v2/payments/captures/${await captureOf(service, orderId)}/refund`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await paypalToken(service)), ...headers },
      body: JSON.stringify(value ? { amount: { currency_code: 'USD', value } } : {}),
    },
  );
}

/**
 * The order a checkout created in the browser before the service created orders (still accepted
 * for orders in flight): items and breakdown, our invoice number, and the buyer's address and code
 * in custom_id ("email code").
 */
export function browserOrderRequest(packs: PackRef[], email: string, discount?: AppliedDiscount) {
  const { intent, purchase_units } = orderRequest(
    packs.map((pack) => ({ ...pack, quantity: 1 as const })),
    'USD',
    { reference: newOrderReference(), description: 'Presets' },
    discount,
  );
  purchase_units[0]!.custom_id = discount ? `${email} ${discount.code}` : email;
  return { intent, purchase_units };
}

/** The buyer approves an order in PayPal's window (the fake's hand for it). */
export const approve = (
  service: Service,
  orderId: string,
  choice: {
    webhook?: boolean;
    approvedEvent?: boolean;
    capture?: 'pending' | 'declined';
    /** Where the payer's PayPal account is. */
    payerCountry?: string;
    payerRegion?: string;
  } = {},
) => post(`${service.paypalBase}/fake/orders/${orderId}/approve`, choice);

/**
 * A browser-created order (above), approved and captured by the browser unless told not to.
 * PayPal's webhook is held back unless asked for, so that each test chooses which path delivers.
 */
export async function paidOrder(
  service: Service,
  packs: PackRef[],
  {
    capture = true,
    webhook = false,
    pending = false,
    discount = undefined as AppliedDiscount | undefined,
    email = 'meera@example.com',
    change = (request: ReturnType<typeof browserOrderRequest>) => void request,
  } = {},
) {
  const request = browserOrderRequest(packs, email, discount);
  change(request);
  const token = await paypalToken(service);
  const order = await post(`${service.paypalBase}/v2/checkout/orders`, request, token);
  if (!capture) return order.id;
  // The browser captures these itself: PayPal's approval event finds no order of the service's.
  await approve(service, order.id, { webhook });
  await post(
    `${service.paypalBase}/v2/checkout/orders/${order.id}/capture`,
    {},
    {
      ...token,
      ...(webhook ? {} : { 'Fake-PayPal-Webhook': 'off' }),
      ...(pending ? { 'Fake-PayPal-Capture': 'pending' } : {}),
    },
  );
  return order.id;
}

export const CUSTOMER = {
  name: 'Meera Kapoor',
  email: 'meera@example.com',
  phone: '+1 604 555 0100',
  address: '12 Main St, Vancouver',
};

/** The checkout's PayPal button asks the service for an order. */
export const createOrder = (
  service: Service,
  packs: PackRef[],
  {
    code,
    email = CUSTOMER.email,
    shownTotalCents = orderTotalCents(packs),
    headers = {},
    place = {},
    vatCheck,
    timeZone,
  }: {
    code?: string;
    email?: string;
    shownTotalCents?: number;
    headers?: Record<string, string>;
    /** Where the buyer says they are (none: a page from before tax), and a business's VAT number. */
    place?: { country?: string; region?: string; vatNumber?: string };
    /** What the page showed of VIES's answer about the number (none: a page from before). */
    vatCheck?: 'valid' | 'invalid' | 'unavailable';
    /** The buyer's time zone, as the checkout sends it. */
    timeZone?: string;
  } = {},
) =>
  ask(
    service,
    '/api/orders',
    {
      items: packs.map((pack) => pack.slug),
      shownTotalCents,
      customer: { ...CUSTOMER, email, ...place },
      ...(vatCheck ? { vatCheck } : {}),
      ...(timeZone ? { timeZone } : {}),
      ...(code ? { code } : {}),
    },
    headers,
  );

/** The checkout's onApprove: the service captures and delivers. */
export const capture = (service: Service, orderId: string, email = CUSTOMER.email) =>
  ask(service, `/api/orders/${orderId}/capture`, { email });

/**
 * A whole purchase through the service: created, approved by the buyer (with their choices in
 * PayPal's window: no webhook unless asked for), captured. The order id and the capture's answer.
 */
export async function buy(
  service: Service,
  packs: PackRef[],
  {
    code,
    email,
    webhook = false,
    capture: captured = undefined as 'pending' | 'declined' | undefined,
    place,
    payer,
  }: {
    code?: string;
    email?: string;
    webhook?: boolean;
    capture?: 'pending' | 'declined';
    /** Where the buyer says they are, and where PayPal's account says. */
    place?: { country?: string; region?: string; vatNumber?: string };
    payer?: { payerCountry: string; payerRegion?: string };
  } = {},
) {
  const created = await createOrder(service, packs, { code, email, place });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: string };
  await approve(service, id, { webhook, ...(captured ? { capture: captured } : {}), ...payer });
  return { id, response: await capture(service, id, email) };
}

/** PayPal's own record of an order, read as the service reads it. */
export const atPayPal = async (service: Service, orderId: string) =>
  (await fetch(`${service.paypalBase}/v2/checkout/orders/${orderId}`, {
    headers: await paypalToken(service),
  }).then((response) => response.json())) as PayPalOrder;

/** The service's capture reaches PayPal, but its answer never comes back. */
export const captureAtPayPal = async (service: Service, orderId: string) => {
  const response = await fetch(`${service.paypalBase}/v2/checkout/orders/${orderId}/capture`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await paypalToken(service)) },
    body: '{}',
  });
  assert.equal(response.status, 201);
};

export const captureOf = async (service: Service, orderId: string) =>
  (await atPayPal(service, orderId)).purchase_units![0]!.payments!.captures![0]!.id;

export function body(orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    customerDetails: {
      name: 'Meera Kapoor',
      email: 'meera@example.com',
      phone: '+1 604 555 0100',
      address: '12 Main St, Vancouver',
    },
    purchasedItems: [stoic.name, earthy.name],
    totalAmount: priceOf(stoic, earthy),
    orderId,
    ...overrides,
  };
}

export function confirm(service: Service, payload: unknown, headers: Record<string, string> = {}) {
  return fetch(`${service.url}/api/email/send-order-confirmation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/**
 * The site's POST to the API, asked of the routes in this process (Hono's `app.request`, no port):
 * the connection is the one the Node server would hand over for a caller on this machine.
 */
export const ask = async (
  service: Service,
  path: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  service.app.request(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers },
      body: JSON.stringify(payload),
    },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  );

export const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+\/download\/[\w.-]+/g)].map((match) => match[0]);

/** Waits (at most 5 s) until the condition holds: for work the service does after answering. */
/**
 * Waits until `condition` holds, looking every 20 ms; gives up after 20 s (a loaded machine's
 * deadline, never a measure of speed).
 */
export async function retried(condition: () => boolean | Promise<boolean>) {
  for (let waited = 0; !(await condition()); waited += 20) {
    assert.ok(waited < 20_000, 'timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type Receipt = {
  ok: boolean;
  email: string;
  downloads: { name: string; url: string }[];
  discount: AppliedDiscount | null;
};

/** How many copies of its pack a link has sent (the service counts in parts of a copy). */
export const copiesSent = (service: Service, file: string) => {
  const id = file.split('/download/')[1]!.split('.')[0]!;
  return service.store.findLink(id)!.used / COPY;
};

/** Waits until a link has sent that many copies of its pack. */
export const counted = (service: Service, file: string, copies: number) =>
  retried(() => Math.abs(copiesSent(service, file) - copies) < 1e-6);

/** Adds a code as the studio would: 20 % off every pack, no end, no limit, unless `rule` says. */
export function addCode(
  service: Service,
  code: string,
  rule: Partial<Parameters<Service['store']['addCode']>[0]> = {},
) {
  assert.ok(
    service.store.addCode({
      code,
      kind: 'percent',
      value: 20,
      packs: null,
      minimumCents: null,
      expiresAt: null,
      usageLimit: null,
      createdAt: Date.now(),
      ...rule,
    }),
  );
}

export type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
type Context = Awaited<ReturnType<typeof start>>;

/** A service with its own SMTP capture for the tests of one describe block (their before/after). */
export function serviceFor(options: Parameters<typeof start>[1] = {}, smtpOptions = {}) {
  const it = {} as { smtp: Smtp; ctx: Context; service: Service };
  before(async () => {
    it.smtp = await startSmtpCapture(smtpOptions);
    it.ctx = await start(it.smtp.url, options);
    it.service = it.ctx.service;
  });
  after(async () => {
    await it.service.close();
    await it.smtp.close();
    rmSync(it.ctx.dir, { recursive: true, force: true });
  });
  return it;
}

/** A fake PayPal of its own, which several services (one lost, one restored) talk to. */
export async function onePayPal(webhookUrl: () => string | null = () => null) {
  const fake = createFakePayPal({
    clientId: 'local-client',
    clientSecret: 'local-secret',
    webhookId: 'LOCALWEBHOOK01',
    webhookUrl,
  });
  return new Promise<{ url: string; close(): void }>((resolve) => {
    const server = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
}

/** One fake PayPal for a lost service and the one restored after it, and the settings both start with. */
export async function sharedPayPal(webhookUrl?: () => string | null) {
  const paypal = await onePayPal(webhookUrl);
  const settings = loadConfig({ NODE_ENV: 'test' }).paypal;
  return {
    paypal,
    shared: { fakePayPalPort: null, paypal: { ...settings, apiBase: paypal.url } },
  };
}

/**
 * A service whose disk is lost, and the one restored from its backup (`file`): one PayPal and one
 * SMTP capture for both, as in production. `restore()` starts the second on the backup; `end()`
 * closes everything and removes both folders.
 */
export async function lostAndRestored({ webhooks = false } = {}) {
  const smtp = await startSmtpCapture();
  // With `webhooks`, PayPal's events go to the service running: the first, then the restored.
  let running: string | null = null;
  const { paypal, shared } = await sharedPayPal(() =>
    webhooks && running ? `${running}/webhooks/paypal` : null,
  );
  const first = await start(smtp.url, shared);
  running = first.service.url;
  const file = path.join(first.dir, 'backup', 'orders.sqlite');
  let restored: Awaited<ReturnType<typeof start>> | null = null;
  return {
    smtp,
    first,
    file,
    async restore() {
      restored = await start(smtp.url, { ...shared, databasePath: file });
      running = restored.service.url;
      return restored;
    },
    async end() {
      await restored?.service.close();
      await smtp.close();
      paypal.close();
      rmSync(first.dir, { recursive: true, force: true });
      if (restored) rmSync(restored.dir, { recursive: true, force: true });
    },
  };
}
