// What the service's tests share: a service on a free port with the fake PayPal, and the calls a
// checkout, a buyer and PayPal make to it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatAmount } from '@/lib/money';
import {
  newOrderReference,
  orderRequest,
  orderTotalCents,
  type AppliedDiscount,
  type PackRef,
} from '@/lib/order';
import { allPacks } from '../catalog';
import { loadConfig, type Config } from '../config';
import type { Fields } from '../log';
import type { PayPalOrder } from '../paypal';
import { after, before } from 'node:test';
import { startService } from '../service';
import { startSmtpCapture } from './smtp-capture';
import { COPY } from '../store';

export const SITE = 'http://127.0.0.1:4173';
export const [stoic, regal, earthy] = allPacks as [PackRef, PackRef, PackRef];
export const priceOf = (...packs: PackRef[]) => formatAmount(orderTotalCents(packs));

export type Service = Awaited<ReturnType<typeof startService>>;

export async function start(
  smtpUrl: string | null,
  overrides: Partial<Config> = {},
  dir = mkdtempSync(path.join(tmpdir(), 'order-service-')),
) {
  const logs: Fields[] = [];
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      SITE_ORIGINS: SITE,
      DOWNLOAD_LIMIT: '3',
      RATE_LIMIT_PER_MINUTE: '1000',
    }),
    port: 0,
    fakePayPalPort: 0,
    fakeWebhookDelayMs: 0,
    mailRetryDelaysMs: [20, 20, 20],
    smtpUrl,
    ...overrides,
  };
  const log = {
    info: (f: Fields) => logs.push(f),
    warn: (f: Fields) => logs.push(f),
    error: (f: Fields) => logs.push(f),
  };
  const service = await startService(config, log);
  return { service, config, logs, dir };
}

const post = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body ?? {}),
  }).then((response) => response.json() as Promise<PayPalOrder>);

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
  choice: { webhook?: boolean; capture?: 'pending' | 'declined' } = {},
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
  const order = await post(`${service.paypalBase}/v2/checkout/orders`, request);
  if (!capture) return order.id;
  await approve(service, order.id);
  await post(
    `${service.paypalBase}/v2/checkout/orders/${order.id}/capture`,
    {},
    {
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
  { code, email = CUSTOMER.email }: { code?: string; email?: string } = {},
) =>
  ask(service, '/api/orders', {
    items: packs.map((pack) => pack.slug),
    customer: { ...CUSTOMER, email },
    ...(code ? { code } : {}),
  });

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
  }: { code?: string; email?: string; webhook?: boolean; capture?: 'pending' | 'declined' } = {},
) {
  const created = await createOrder(service, packs, { code, email });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: string };
  await approve(service, id, { webhook, ...(captured ? { capture: captured } : {}) });
  return { id, response: await capture(service, id, email) };
}

export const captureOf = async (service: Service, orderId: string) => {
  const token = await fetch(`${service.paypalBase}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}`,
    },
  }).then((response) => response.json() as Promise<{ access_token: string }>);
  const order = await fetch(`${service.paypalBase}/v2/checkout/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
  }).then((response) => response.json() as Promise<PayPalOrder>);
  return order.purchase_units![0]!.payments!.captures![0]!.id;
};

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

export const ask = (service: Service, path: string, payload: unknown) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify(payload),
  });

export const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+\/download\/[\w.-]+/g)].map((match) => match[0]);

/** Waits (at most 5 s) until the condition holds: for work the service does after answering. */
export async function retried(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 20) {
    assert.ok(waited < 5000, 'timed out');
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
