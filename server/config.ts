import path from 'node:path';
import { site } from '@/lib/content';
import { RETRY_DELAYS_MS } from './outbox';

/** Everything the service reads from its environment (see server/.env.example). */
export type Config = {
  production: boolean;
  host: string;
  port: number;
  /** Where the service is reached from outside; download links point here (default: where it listens). */
  publicUrl: string | null;
  /** The site's origins, the only ones allowed to call the API from a browser. */
  siteOrigins: string[];
  paypal: { apiBase: string; clientId: string; clientSecret: string; webhookId: string };
  /** Runs the local fake PayPal on this port (development only). */
  fakePayPalPort: number | null;
  /** How long the fake PayPal waits after a capture before it sends the webhook. */
  fakeWebhookDelayMs: number;
  /** Waits between attempts to send one e-mail; after the last, the studio is told. */
  mailRetryDelaysMs: readonly number[];
  /** SMTP server URL; without it, e-mails are written as .eml files into outboxDir. */
  smtpUrl: string | null;
  outboxDir: string;
  mailFrom: string;
  studioEmail: string;
  downloadSecret: string;
  downloadTtlMs: number;
  downloadLimit: number;
  packsDir: string;
  databasePath: string;
  /** Requests per client and minute on the API and download endpoints. */
  rateLimit: number;
  /** Behind a reverse proxy, the client is the first X-Forwarded-For address. */
  trustProxy: boolean;
};

const DAY = 24 * 60 * 60 * 1000;

/** The settings production cannot run without: no insecure default stands in for them. */
export const requiredInProduction = [
  'SITE_ORIGINS',
  'PUBLIC_URL',
  'PAYPAL_API_BASE',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
  'SMTP_URL',
  'MAIL_FROM',
  'DOWNLOAD_SECRET',
  'PACKS_DIR',
  'DATABASE_PATH',
] as const;

export class ConfigError extends Error {}

function positiveNumber(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive number, got "${raw}".`);
  }
  return value;
}

/**
 * The configuration from the environment. Without NODE_ENV=production every setting has a local
 * default (fake PayPal, e-mails into an outbox folder); in production a missing secret is an error
 * that names every missing setting.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  root = process.cwd(),
): Config {
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing = requiredInProduction.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(
        `The order-confirmation service refuses to start in production without: ${missing.join(', ')}.`,
      );
    }
    if (env.DOWNLOAD_SECRET!.length < 32) {
      throw new ConfigError('DOWNLOAD_SECRET must be at least 32 characters long.');
    }
  }
  const dataDir = path.resolve(root, env.DATA_DIR || 'server/.data');
  const host = env.HOST || '127.0.0.1';
  const port = positiveNumber(env, 'PORT', 8787);
  const fakePayPalPort = positiveNumber(env, 'FAKE_PAYPAL_PORT', 8788);
  const useFakePayPal = !production && !env.PAYPAL_API_BASE;
  return {
    production,
    host,
    port,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    siteOrigins: (env.SITE_ORIGINS || 'http://127.0.0.1:3000,http://localhost:3000')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    paypal: {
      apiBase: (env.PAYPAL_API_BASE || `http://127.0.0.1:${fakePayPalPort}`).replace(/\/+$/, ''),
      clientId: env.PAYPAL_CLIENT_ID || 'local-client',
      clientSecret: env.PAYPAL_CLIENT_SECRET || 'local-secret',
      webhookId: env.PAYPAL_WEBHOOK_ID || 'LOCAL-WEBHOOK',
    },
    fakePayPalPort: useFakePayPal ? fakePayPalPort : null,
    fakeWebhookDelayMs: 1000,
    mailRetryDelaysMs: RETRY_DELAYS_MS,
    smtpUrl: env.SMTP_URL || null,
    outboxDir: path.resolve(root, env.OUTBOX_DIR || path.join(dataDir, 'outbox')),
    mailFrom: env.MAIL_FROM || `"${site.name}" <${site.email}>`,
    studioEmail: env.STUDIO_EMAIL || site.email,
    downloadSecret: env.DOWNLOAD_SECRET || 'local-development-secret-do-not-use-in-production',
    downloadTtlMs: positiveNumber(env, 'DOWNLOAD_TTL_DAYS', 7) * DAY,
    downloadLimit: positiveNumber(env, 'DOWNLOAD_LIMIT', 5),
    packsDir: path.resolve(root, env.PACKS_DIR || path.join(dataDir, 'packs')),
    databasePath: path.resolve(root, env.DATABASE_PATH || path.join(dataDir, 'orders.sqlite')),
    rateLimit: positiveNumber(env, 'RATE_LIMIT_PER_MINUTE', 30),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
