import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deliveredPacks } from '@/lib/shared/order';
import { DAY, type Config } from '../config';
import type { DownloadLink, OrderSummary } from '../mail/buyer';

/**
 * Download tokens: "<link id>.<expiry in ms>.<order and pack>.<HMAC-SHA256 of the rest>", base64url.
 * The signature makes a token unforgeable and its expiry untouchable; the link id finds the
 * download count. The order and pack it names let a genuine link be honoured by a service whose
 * database lost its row (restored from a backup): see `links.ts`. Tokens made before they named
 * their order ("<link id>.<expiry>.<HMAC>") are still read, through their row alone.
 */
export function newLinkId(): string {
  return randomBytes(16).toString('base64url');
}

/** What a link is for: a pack of an order. */
export type LinkSubject = { orderId: string; pack: string };

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest();

const subjectPart = ({ orderId, pack }: LinkSubject) =>
  Buffer.from(`${orderId}/${pack}`).toString('base64url');

export function signToken(
  secret: string,
  linkId: string,
  expiresAt: number,
  subject?: LinkSubject,
): string {
  const signed = subject
    ? `${linkId}.${expiresAt}.${subjectPart(subject)}`
    : `${linkId}.${expiresAt}`;
  return `${signed}.${hmac(secret, signed).toString('base64url')}`;
}

export type TokenCheck =
  | { valid: true; linkId: string; expiresAt: number; subject: LinkSubject | null }
  | { valid: false; reason: 'malformed' | 'bad-signature' | 'expired' };

const TOKEN = /^([A-Za-z0-9_-]{22})\.(\d{13})(?:\.([A-Za-z0-9_-]{4,200}))?\.([A-Za-z0-9_-]{43})$/;

export function verifyToken(secret: string, token: string, now: number): TokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { valid: false, reason: 'malformed' };
  const [, linkId, expiry, about, signed] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  // base64url leaves bits unused in a last character: only the canonical spelling is accepted.
  for (const part of [linkId, signed, about ?? '']) {
    if (Buffer.from(part, 'base64url').toString('base64url') !== part) {
      return { valid: false, reason: 'malformed' };
    }
  }
  const expected = hmac(secret, token.slice(0, token.lastIndexOf('.')));
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'bad-signature' };
  }
  const expiresAt = Number(expiry);
  if (expiresAt <= now) return { valid: false, reason: 'expired' };
  let subject: LinkSubject | null = null;
  if (about !== undefined) {
    const [orderId, pack, ...rest] = Buffer.from(about, 'base64url').toString().split('/');
    if (!orderId || !pack || rest.length > 0) return { valid: false, reason: 'malformed' };
    subject = { orderId, pack };
  }
  return { valid: true, linkId, expiresAt, subject };
}

/**
 * The seal an order the service creates carries in its PayPal custom_id beside our reference: a
 * keyed digest of the reference, the buyer's address and the discount code. PayPal is the ledger
 * and the database a cache of it: from PayPal's order alone, the seal proves that this service
 * created the order (a browser can write any custom_id), which code it used, and whether an
 * address is the one given at checkout, though the address itself never travels through PayPal.
 */
export function orderSeal(secret: string, ref: string, email: string, code: string | null) {
  const key = hmac(secret, 'order-seal');
  return createHmac('sha256', key)
    .update(`${ref}\n${email.trim().toLowerCase()}\n${code ?? ''}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Whether `seal` is the order's seal for this address. */
export function sealMatches(
  secret: string,
  seal: string,
  ref: string,
  email: string,
  code: string | null,
) {
  const expected = Buffer.from(orderSeal(secret, ref, email, code));
  const given = Buffer.from(seal);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The sale's seal, beside the order's seal in custom_id: a keyed digest of our reference, the
 * discount code and what PayPal's purchase unit sells (`saleText`: currency, amounts, each item's sku, price and
 * description, which names the packs an item holds). Unlike the order's seal it needs no address, so a
 * restore from PayPal's record alone (the webhook, the reconciliation) can trust the items and
 * prices as sold, whatever the catalogue says now, while an order a browser wrote with a copied
 * custom_id and other items or prices does not pass.
 */
export function saleSeal(secret: string, ref: string, code: string | null, sale: string) {
  const key = hmac(secret, 'sale-seal');
  return createHmac('sha256', key)
    .update(`${ref}\n${code ?? ''}\n${sale}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Whether `seal` is the sale's seal of this reference and purchase unit. */
export function saleSealMatches(
  secret: string,
  seal: string,
  ref: string,
  code: string | null,
  sale: string,
) {
  const expected = Buffer.from(saleSeal(secret, ref, code, sale));
  const given = Buffer.from(seal);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Review tokens, the link of the delivery e-mail's "Review <pack>": "<expiry in ms>.<order and
 * pack>.<HMAC-SHA256 of the rest under a key of their own>", so that no download token passes
 * for one. Expiry: a year after the order is delivered.
 */
const reviewKey = (secret: string) => hmac(secret, 'review-token');

export function signReviewToken(secret: string, subject: LinkSubject, expiresAt: number): string {
  const signed = `${expiresAt}.${subjectPart(subject)}`;
  return `${signed}.${hmac(reviewKey(secret).toString('hex'), signed).toString('base64url')}`;
}

export type ReviewTokenCheck =
  | { valid: true; subject: LinkSubject; expiresAt: number }
  | { valid: false; reason: 'malformed' | 'bad-signature' | 'expired' };

const REVIEW_TOKEN = /^(\d{13})\.([A-Za-z0-9_-]{4,200})\.([A-Za-z0-9_-]{43})$/;

export function verifyReviewToken(secret: string, token: string, now: number): ReviewTokenCheck {
  const match = REVIEW_TOKEN.exec(token);
  if (!match) return { valid: false, reason: 'malformed' };
  const [, expiry, about, signed] = match as unknown as [string, string, string, string];
  for (const part of [about, signed]) {
    if (Buffer.from(part, 'base64url').toString('base64url') !== part) {
      return { valid: false, reason: 'malformed' };
    }
  }
  const expected = hmac(reviewKey(secret).toString('hex'), `${expiry}.${about}`);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'bad-signature' };
  }
  const expiresAt = Number(expiry);
  if (expiresAt <= now) return { valid: false, reason: 'expired' };
  const [orderId, pack, ...rest] = Buffer.from(about, 'base64url').toString().split('/');
  if (!orderId || !pack || rest.length > 0) return { valid: false, reason: 'malformed' };
  return { valid: true, subject: { orderId, pack }, expiresAt };
}

/** How long a review link works after its e-mail is written. */
const REVIEW_LINK_TTL_MS = 365 * DAY;

/** The links to review each pack of an order, which its e-mail and the reminder carry. */
export function reviewLinks(
  config: Pick<Config, 'downloadSecret' | 'siteOrigins'>,
  order: Pick<OrderSummary, 'orderId' | 'lines'>,
  now: number,
): DownloadLink[] {
  const expiresAt = now + REVIEW_LINK_TTL_MS;
  return deliveredPacks(order.lines).map((pack) => {
    const subject = { orderId: order.orderId, pack: pack.slug };
    const token = signReviewToken(config.downloadSecret, subject, expiresAt);
    return { name: pack.name, url: `${config.siteOrigins[0]}/review/#${token}` };
  });
}
