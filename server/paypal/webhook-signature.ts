// PayPal's webhook signatures, verified here as PayPal documents it ("Verify webhook signature",
// self-verification): SHA256withRSA over "<transmission id>|<transmission time>|<webhook id>|
// <CRC32 of the exact body>", with the public key of the certificate that `PayPal-Cert-Url`
// names, fetched only from PayPal's own hosts and kept, in memory and on disk (a restart fetches
// none again). A forged event costs a hash and an RSA check: no call to PayPal, no place in a
// queue. An event whose certificate cannot be had now is not lost: routes/webhooks.ts asks PayPal
// for what it names.
import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { WebhookSignature } from './client';

/** The hosts PayPal serves its webhook certificates from (live and sandbox). */
const PAYPAL_HOSTS = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

/** A certificate's path at PayPal: /v1/notifications/certs/CERT-<id>. */
const CERT_PATH = /^\/v1\/notifications\/certs\/CERT-[A-Za-z0-9-]{1,80}$/;

/** A certificate PayPal could not give is asked again after this long. */
const RETRY_MS = 10 * 60 * 1000;
/** Certificates not seen before that may be fetched in `RETRY_MS` (PayPal rotates them rarely). */
const NEW_PER_WINDOW = 10;

/** PayPal could not be asked for its certificate: the event is to be retried (503). */
export class CertificateUnavailable extends Error {}

/**
 * Verifies webhook events locally. `apiBase` (the PayPal API the service talks to) is a host a
 * certificate may come from too: PayPal's own, or in development and tests the fake PayPal on
 * loopback, the only host reached over plain HTTP.
 */
export function webhookVerifier({
  apiBase,
  webhookId,
  directory,
  now = Date.now,
}: {
  apiBase: string;
  webhookId: string;
  /** Where fetched certificates are kept across restarts (none: memory only). */
  directory?: string;
  now?: () => number;
}) {
  const own = new URL(apiBase);
  const certificates = new Map<string, Promise<KeyObject>>();
  const failed = new Map<string, number>();
  /** When certificates not seen before were fetched: a forger naming new ones is not followed. */
  let fetchedAt: number[] = [];

  /** The certificate's address, when it is one of PayPal's; else null (never fetched). */
  function certificateUrl(text: string): URL | null {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    const paypal = url.protocol === 'https:' && PAYPAL_HOSTS.includes(url.hostname);
    const local = url.protocol === own.protocol && url.host === own.host;
    if ((!paypal && !local) || url.search || url.hash || !CERT_PATH.test(url.pathname)) {
      return null;
    }
    return url;
  }

  /** A certificate's file: named by a digest of its address, which PayPal's hosts alone serve. */
  const fileOf = (url: URL) =>
    directory && path.join(directory, `${createHash('sha256').update(url.href).digest('hex')}.pem`);

  /** The key of a certificate valid now, from its PEM; else it throws. */
  function keyOf(pem: string): KeyObject {
    const certificate = new X509Certificate(pem);
    const at = now();
    if (Date.parse(certificate.validFrom) > at || Date.parse(certificate.validTo) < at) {
      throw new CertificateUnavailable('certificate not valid now');
    }
    return certificate.publicKey;
  }

  /** A certificate kept on disk by an earlier run, or null. */
  function keptKey(url: URL): KeyObject | null {
    const file = fileOf(url);
    if (!file) return null;
    try {
      return keyOf(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  }

  function keep(url: URL, pem: string) {
    const file = fileOf(url);
    if (!file) return;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, pem);
      renameSync(`${file}.tmp`, file);
    } catch {
      // Kept in memory all the same; the next run fetches it again.
    }
  }

  async function fetchKey(url: URL): Promise<KeyObject> {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new CertificateUnavailable(`certificate unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new CertificateUnavailable(`certificate answered ${response.status}`);
    const pem = await response.text();
    if (pem.length > 64 * 1024) throw new CertificateUnavailable('certificate too large');
    const key = keyOf(pem);
    keep(url, pem);
    return key;
  }

  /** The certificate's key, fetched once per address (a failure is asked again later). */
  function keyAt(url: URL): Promise<KeyObject> {
    const known = certificates.get(url.href);
    if (known) return known;
    const kept = keptKey(url);
    if (kept) {
      const ready = Promise.resolve(kept);
      certificates.set(url.href, ready);
      return ready;
    }
    const lastFailure = failed.get(url.href);
    if (lastFailure && now() - lastFailure < RETRY_MS) {
      return Promise.reject(new CertificateUnavailable('certificate failed recently'));
    }
    fetchedAt = fetchedAt.filter((at) => now() - at < RETRY_MS);
    if (fetchedAt.length >= NEW_PER_WINDOW) {
      return Promise.reject(new CertificateUnavailable('too many new certificates'));
    }
    fetchedAt.push(now());
    if (failed.size > 1000) failed.clear();
    const pending = fetchKey(url).catch((error: unknown) => {
      certificates.delete(url.href);
      failed.set(url.href, now());
      throw error instanceof CertificateUnavailable
        ? error
        : new CertificateUnavailable(`certificate unreadable: ${(error as Error).message}`);
    });
    certificates.set(url.href, pending);
    return pending;
  }

  return {
    /**
     * Whether PayPal signed these exact bytes for our webhook. False for anything forged or
     * malformed, decided before any fetch where it can be; CertificateUnavailable when PayPal's
     * certificate could not be had (the event is then refused with a status PayPal retries).
     */
    async verify(signature: WebhookSignature, raw: string): Promise<boolean> {
      if (signature.auth_algo !== 'SHA256withRSA') return false;
      if (!/^[A-Za-z0-9+/]{1,1024}={0,2}$/.test(signature.transmission_sig)) return false;
      const url = certificateUrl(signature.cert_url);
      if (!url) return false;
      const signed = [
        signature.transmission_id,
        signature.transmission_time,
        webhookId,
        crc32(Buffer.from(raw, 'utf8')),
      ].join('|');
      const key = await keyAt(url);
      return verify(
        'sha256',
        Buffer.from(signed),
        key,
        Buffer.from(signature.transmission_sig, 'base64'),
      );
    },
  };
}

export type WebhookVerifier = ReturnType<typeof webhookVerifier>;
