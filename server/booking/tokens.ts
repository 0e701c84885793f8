// The booking's secrets. The couple's link and each instalment's pay link are signed, not stored:
// "<booking>.<generation>.<HMAC>" and "<booking>.<instalment>.<generation>.<HMAC>", so the service
// can e-mail the same link again, a forged one fails its signature, and withdrawing the links
// (a new generation) voids every one made before. A PayPal order for an instalment carries a seal
// of what it pays in custom_id, as shop orders do. The studio's sign-in links and sessions, and
// the signers' codes, are random and kept only as hashes.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const BOOKING_ID = /^B-[A-Z0-9]{10}$/;
/** What a booking's payment looks like in custom_id (its seal is checked by readPaymentCustomId). */
export const BOOKING_SEAL = /^B-[A-Z0-9]{10}\.(?:retainer|e[0-9]{1,3})\.[A-Za-z0-9_-]{32}$/;
const INSTALMENT = /^(?:retainer|e[0-9]{1,3})$/;

export function newBookingId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `B-${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export const proposalToken = (secret: string, id: string, generation: number) =>
  `${id}.${generation}.${mac(secret, `booking-proposal|${id}|${generation}`)}`;

export const payToken = (secret: string, id: string, instalment: string, generation: number) =>
  `${id}.${instalment}.${generation}.${mac(secret, `booking-pay|${id}|${instalment}|${generation}`)}`;

export type LinkCheck =
  | { id: string; generation: number; instalment: string | null }
  | { problem: 'malformed' | 'forged' };

/** What a proposal or pay link names, when its signature is ours (its generation is checked later). */
export function readLink(secret: string, token: string): LinkCheck {
  const parts = token.split('.');
  const [id, ...rest] = parts;
  if (!id || !BOOKING_ID.test(id) || (parts.length !== 3 && parts.length !== 4)) {
    return { problem: 'malformed' };
  }
  const instalment = parts.length === 4 ? rest[0]! : null;
  const generation = Number(rest[rest.length - 2]);
  if ((instalment !== null && !INSTALMENT.test(instalment)) || !Number.isSafeInteger(generation)) {
    return { problem: 'malformed' };
  }
  const expected =
    instalment === null
      ? proposalToken(secret, id, generation)
      : payToken(secret, id, instalment, generation);
  return same(expected, token) ? { id, generation, instalment } : { problem: 'forged' };
}

/** What an instalment's PayPal order carries in custom_id: "<booking>.<instalment>.<seal>". */
export const paymentCustomId = (
  secret: string,
  id: string,
  instalment: string,
  cents: number,
  currency: string,
) =>
  `${id}.${instalment}.${mac(secret, `booking-payment|${id}|${instalment}|${cents}|${currency}`)}`;

/**
 * The booking and instalment a PayPal order's custom_id names, when sealed by us for that amount
 * (PayPal's record alone then restores the payment); null for anything else (a shop order).
 */
export function readPaymentCustomId(
  secret: string,
  customId: string | undefined,
  cents: number,
  currency: string,
): { id: string; instalment: string } | null {
  const [id, instalment] = (customId ?? '').split('.');
  if (!id || !instalment || !BOOKING_ID.test(id) || !INSTALMENT.test(instalment)) return null;
  const expected = paymentCustomId(secret, id, instalment, cents, currency);
  return same(expected, customId!) ? { id, instalment } : null;
}

/** A random secret for a link or a session, and the hash the database keeps of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashOf(secret) };
}

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A six-digit code a signer types from their e-mail, and its keyed hash. */
export function newSignCode(secret: string, id: string, signer: number) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: signCodeHash(secret, id, signer, code) };
}

export const signCodeHash = (secret: string, id: string, signer: number, code: string) =>
  mac(secret, `booking-code|${id}|${signer}|${code}`);

export const codeMatches = (expected: string, given: string) => same(expected, given);
