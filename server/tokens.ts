import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Download tokens: "<link id>.<expiry in ms>.<HMAC-SHA256 of both>", base64url. The signature
 * makes a token unforgeable and its expiry untouchable; the link id finds the download count.
 */
export function newLinkId(): string {
  return randomBytes(16).toString('base64url');
}

function signature(secret: string, linkId: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`${linkId}.${expiresAt}`).digest();
}

export function signToken(secret: string, linkId: string, expiresAt: number): string {
  return `${linkId}.${expiresAt}.${signature(secret, linkId, expiresAt).toString('base64url')}`;
}

export type TokenCheck =
  | { valid: true; linkId: string; expiresAt: number }
  | { valid: false; reason: 'malformed' | 'bad-signature' | 'expired' };

export function verifyToken(secret: string, token: string, now: number): TokenCheck {
  const match = /^([A-Za-z0-9_-]{22})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { valid: false, reason: 'malformed' };
  const [, linkId, expiry, signed] = match as unknown as [string, string, string, string];
  // base64url leaves bits unused in a last character: only the canonical spelling is accepted.
  for (const part of [linkId, signed]) {
    if (Buffer.from(part, 'base64url').toString('base64url') !== part) {
      return { valid: false, reason: 'malformed' };
    }
  }
  const expiresAt = Number(expiry);
  const expected = signature(secret, linkId, expiresAt);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'bad-signature' };
  }
  if (expiresAt <= now) return { valid: false, reason: 'expired' };
  return { valid: true, linkId, expiresAt };
}
