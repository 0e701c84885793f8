import path from 'node:path';
import { z } from 'zod';
import { RETRY_DELAYS_MS } from './mail/outbox';
import { VIES_API_BASE } from './tax/vies';
import { LINK_DEFAULTS } from '@/lib/shared/order';

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
  /** The EU's VIES service, asked about business buyers' VAT numbers (server/tax/vies.ts). */
  vies: { apiBase: string; timeoutMs: number };
  /** Runs the local fake VIES on this port (development only). */
  fakeViesPort: number | null;
  /** Waits between attempts to send one e-mail; after the last, the studio is told. */
  mailRetryDelaysMs: readonly number[];
  /** SMTP server URL; without it, e-mails are written as .eml files into outboxDir. */
  smtpUrl: string | null;
  outboxDir: string;
  /** The sender; null: the studio's name and address from the catalogue. */
  mailFrom: string | null;
  /** Where alerts and order copies go; null: the studio's address from the catalogue. */
  studioEmail: string | null;
  /** The addresses that may sign in to /studio/ (server/booking/staff.ts), lower-cased. */
  staffEmails: string[];
  /**
   * An address's sign-in links: none new while one sent within `intervalMs` is unused, and at
   * most `perHour` an hour (whatever the number of clients asking).
   */
  staffLinks: { intervalMs: number; perHour: number };
  /** The shop's catalogue as the live site publishes it (lib/node/shop-catalog.ts). */
  catalogUrl: string;
  /** Where the last good copy of the catalogue is kept. */
  catalogCachePath: string;
  catalogRefreshMs: number;
  /** A catalogue not refreshed for this long is reported to the studio (once). */
  catalogStaleMs: number;
  downloadSecret: string;
  downloadTtlMs: number;
  downloadLimit: number;
  /** How long a discount code's use is held for an approved order while PayPal captures it. */
  codeHoldMs: number;
  packsDir: string;
  databasePath: string;
  /** Requests per client and minute on the API and download endpoints. */
  rateLimit: number;
  /**
   * How many reverse proxies in front of the service append to X-Forwarded-For: the client is the
   * address the outermost of them appended (that many from the right). 0: the connection's address.
   */
  trustProxyHops: number;
  /** The CDN whose country header is read (behind a trusted proxy only); '' for none. */
  cdnCountryHeader: '' | 'cloudflare' | 'cloudfront';
  /** Buyers' reviews: where the service writes them, and the one reminder after delivery. */
  reviews: {
    publisher: { kind: 'local'; dir: string } | ({ kind: 'github' } & GitHubSettings);
    /** Days after delivery that the one reminder to review goes; null: none. */
    reminderDays: number | null;
    /**
     * How long the studio's notice of a review waits for more changes of it: the changes of a
     * review within this time are one notice, with its last words.
     */
    noticeWindowMs: number;
    /** Sends one review link may make in an hour; past that it is asked to wait. */
    sendsPerHour: number;
  };
};

/** Where reviews are committed: the editor's repository and branch, and GitHub's limits. */
export type GitHubSettings = {
  apiUrl: string;
  repo: string;
  branch: string;
  token: string;
  /** GitHub's limits on writes (GITHUB_CONTENT_LIMITS unless a test sets others). */
  limits?: { perMinute: number; perHour: number };
  /** How long a write may wait for its turn (a buyer waits for the answer). */
  maxWaitMs?: number;
  /** How long one call to GitHub may take (15 s a read, 30 s a write, unless a test sets one). */
  timeoutMs?: number;
};

export const DAY = 24 * 60 * 60 * 1000;

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

const dataDirFrom = (env: Record<string, string | undefined>, root: string) =>
  path.resolve(root, env.DATA_DIR || 'server/.data');

/** The SQLite file of orders, links, e-mails and discount codes. */
export const databasePathFrom = (env: Record<string, string | undefined>, root: string) =>
  path.resolve(root, env.DATABASE_PATH || path.join(dataDirFrom(env, root), 'orders.sqlite'));

/** The last good copy of the shop's catalogue, beside the database (on the same disk). */
export const catalogCachePathFrom = (env: Record<string, string | undefined>, root: string) =>
  path.join(path.dirname(databasePathFrom(env, root)), 'catalog.json');

/** The modes the service runs in; anything else (a typo such as "prod") refuses to start. */
export const MODES = ['development', 'test', 'production'] as const;

export const DEVELOPMENT_SECRET = 'local-development-secret-do-not-use-in-production';

/** Bits of entropy in a secret, by the frequency of its characters (Shannon). */
export function entropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / secret.length);
  return bits;
}

/** A setting that is unset or empty: absent. */
const setting = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A positive number, or `fallback` when unset. */
const positive = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return fallback;
      const value = Number(raw);
      if (Number.isFinite(value) && value > 0) return value;
      ctx.addIssue({ code: 'custom', message: `${name} must be a positive number, got "${raw}".` });
      return z.NEVER;
    });

type Mode = (typeof MODES)[number];

/**
 * Everything the service reads from its environment (server/.env.example documents them): a
 * setting unset or empty is absent, numbers are checked, and NODE_ENV must name a mode.
 */
export const serviceEnvSchema = z.object({
  NODE_ENV: z
    .string()
    .optional()
    .refine((mode) => MODES.includes(mode as Mode), {
      error: (issue) =>
        `NODE_ENV is "${String(issue.input ?? '')}": set it to one of ${MODES.join(', ')} (development and test run with local fakes).`,
    }),
  HOST: setting,
  PORT: positive('PORT', 8787),
  FAKE_PAYPAL_PORT: positive('FAKE_PAYPAL_PORT', 8788),
  FAKE_VIES_PORT: positive('FAKE_VIES_PORT', 8791),
  VIES_API_BASE: setting,
  SITE_ORIGINS: setting,
  PUBLIC_URL: setting,
  PAYPAL_API_BASE: setting,
  PAYPAL_CLIENT_ID: setting,
  PAYPAL_CLIENT_SECRET: setting,
  PAYPAL_WEBHOOK_ID: setting,
  SMTP_URL: setting,
  MAIL_FROM: setting,
  STUDIO_EMAIL: setting,
  STUDIO_STAFF: setting,
  STAFF_LINK_INTERVAL_SECONDS: positive('STAFF_LINK_INTERVAL_SECONDS', 120),
  STAFF_LINKS_PER_HOUR: positive('STAFF_LINKS_PER_HOUR', 5),
  DOWNLOAD_SECRET: setting,
  CATALOG_URL: setting,
  CATALOG_REFRESH_SECONDS: positive('CATALOG_REFRESH_SECONDS', 60),
  CATALOG_STALE_MINUTES: positive('CATALOG_STALE_MINUTES', 60),
  DOWNLOAD_TTL_DAYS: positive('DOWNLOAD_TTL_DAYS', LINK_DEFAULTS.days),
  DOWNLOAD_LIMIT: positive('DOWNLOAD_LIMIT', LINK_DEFAULTS.downloads),
  CODE_HOLD_MINUTES: positive('CODE_HOLD_MINUTES', 30),
  DATA_DIR: setting,
  OUTBOX_DIR: setting,
  PACKS_DIR: setting,
  DATABASE_PATH: setting,
  RATE_LIMIT_PER_MINUTE: positive('RATE_LIMIT_PER_MINUTE', 30),
  REVIEWS_DIR: setting,
  CMS_GITHUB_TOKEN: setting,
  CMS_REPO: setting,
  CMS_BRANCH: setting,
  GITHUB_API_URL: setting,
  // A number of days; "0" or "off": no reminder.
  REVIEW_REMINDER_DAYS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return 5;
      if (raw === 'off' || raw === '0') return null;
      const days = Number(raw);
      if (Number.isFinite(days) && days > 0) return days;
      ctx.addIssue({
        code: 'custom',
        message: `REVIEW_REMINDER_DAYS must be a number of days (0 or "off": none), got "${raw}".`,
      });
      return z.NEVER;
    }),
  // Which CDN in front of the service tells the visitor's country, by its own header: none unless
  // named (a client reaching the service could write any such header).
  CDN_COUNTRY_HEADER: z.enum(['', 'cloudflare', 'cloudfront']).optional().default(''),
  // A number of proxies; "true" is one, empty or "false" none.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw || raw === 'false') return 0;
      if (raw === 'true') return 1;
      const hops = Number(raw);
      if (Number.isInteger(hops) && hops >= 0) return hops;
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be a number of proxies (0, 1, 2…), got "${raw}".`,
      });
      return z.NEVER;
    }),
});

/**
 * The configuration from the environment. NODE_ENV must say which mode: in development and test
 * every setting has a local default (fake PayPal, e-mails into an outbox folder); in production a
 * missing or weak secret is an error that names every missing setting.
 */
export function loadConfig(
  raw: Record<string, string | undefined> = process.env,
  root = process.cwd(),
): Config {
  const parsed = serviceEnvSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message);
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (env.CMS_GITHUB_TOKEN && !/^[\w.-]+\/[\w.-]+$/.test(env.CMS_REPO ?? '')) {
    throw new ConfigError(
      'CMS_GITHUB_TOKEN is set: CMS_REPO must name the repository (owner/name).',
    );
  }
  if (production) {
    const missing = requiredInProduction.filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `The order-confirmation service refuses to start in production without: ${missing.join(', ')}.`,
      );
    }
    const secret = env.DOWNLOAD_SECRET!;
    if (secret === DEVELOPMENT_SECRET || secret.length < 32 || entropyBits(secret) < 128) {
      throw new ConfigError(
        'DOWNLOAD_SECRET must be at least 32 random characters (openssl rand -base64 48), not the development secret.',
      );
    }
  }
  const dataDir = dataDirFrom(raw, root);
  const withoutSlash = (url: string) => url.replace(/\/+$/, '');
  const siteOrigins = (env.SITE_ORIGINS ?? 'http://127.0.0.1:3000,http://localhost:3000')
    .split(',')
    .map((origin) => withoutSlash(origin.trim()))
    .filter(Boolean);
  return {
    production,
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ? withoutSlash(env.PUBLIC_URL) : null,
    siteOrigins,
    paypal: {
      apiBase: withoutSlash(env.PAYPAL_API_BASE ?? `http://127.0.0.1:${env.FAKE_PAYPAL_PORT}`),
      clientId: env.PAYPAL_CLIENT_ID ?? 'local-client',
      clientSecret: env.PAYPAL_CLIENT_SECRET ?? 'local-secret',
      webhookId: env.PAYPAL_WEBHOOK_ID ?? 'LOCALWEBHOOK01',
    },
    fakePayPalPort: !production && !env.PAYPAL_API_BASE ? env.FAKE_PAYPAL_PORT : null,
    fakeWebhookDelayMs: 1000,
    vies: {
      apiBase: withoutSlash(
        env.VIES_API_BASE ??
          (production ? VIES_API_BASE : `http://127.0.0.1:${env.FAKE_VIES_PORT}`),
      ),
      timeoutMs: 8000,
    },
    // Production asks the EU's VIES unless VIES_API_BASE says otherwise.
    fakeViesPort: production || env.VIES_API_BASE ? null : env.FAKE_VIES_PORT,
    mailRetryDelaysMs: RETRY_DELAYS_MS,
    smtpUrl: env.SMTP_URL ?? null,
    outboxDir: path.resolve(root, env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    mailFrom: env.MAIL_FROM ?? null,
    studioEmail: env.STUDIO_EMAIL ?? null,
    // Production lets in no one the setting does not name; development, the fakes' studio.
    staffEmails: (env.STUDIO_STAFF ?? (production ? '' : 'studio@example.com'))
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    staffLinks: {
      intervalMs: env.STAFF_LINK_INTERVAL_SECONDS * 1000,
      perHour: env.STAFF_LINKS_PER_HOUR,
    },
    catalogUrl: env.CATALOG_URL ?? `${siteOrigins[0]}/catalog.json`,
    catalogCachePath: catalogCachePathFrom(raw, root),
    catalogRefreshMs: env.CATALOG_REFRESH_SECONDS * 1000,
    catalogStaleMs: env.CATALOG_STALE_MINUTES * 60 * 1000,
    downloadSecret: env.DOWNLOAD_SECRET ?? DEVELOPMENT_SECRET,
    downloadTtlMs: env.DOWNLOAD_TTL_DAYS * DAY,
    downloadLimit: env.DOWNLOAD_LIMIT,
    codeHoldMs: env.CODE_HOLD_MINUTES * 60 * 1000,
    packsDir: path.resolve(root, env.PACKS_DIR ?? path.join(dataDir, 'packs')),
    databasePath: databasePathFrom(raw, root),
    rateLimit: env.RATE_LIMIT_PER_MINUTE,
    trustProxyHops: env.TRUST_PROXY,
    cdnCountryHeader: env.CDN_COUNTRY_HEADER,
    reviews: {
      // With a token, reviews are committed to the site's repository (what the editor edits);
      // without one, written into a folder (development, tests: the checkout's content/reviews/).
      publisher: env.CMS_GITHUB_TOKEN
        ? {
            kind: 'github',
            apiUrl: withoutSlash(env.GITHUB_API_URL ?? 'https://api.github.com'),
            repo: env.CMS_REPO!,
            branch: env.CMS_BRANCH ?? 'main',
            token: env.CMS_GITHUB_TOKEN,
          }
        : { kind: 'local', dir: path.resolve(root, env.REVIEWS_DIR ?? 'content/reviews') },
      reminderDays: env.REVIEW_REMINDER_DAYS,
      noticeWindowMs: 10 * 60 * 1000,
      sendsPerHour: 6,
    },
  };
}
