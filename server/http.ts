// What the service's routes share: the answer to a refusal, who the client is, rate limits and
// JSON bodies validated by schema.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { HttpBindings } from '@hono/node-server';
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { z } from 'zod';
import type { Config } from './config';
import type { Log } from './log';

export type Env = { Bindings: HttpBindings };

type Status = 400 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 500 | 502 | 503;

/** Every refusal: a JSON body with the words for a person, and whatever else the caller reads. */
export const problem = <S extends Status, Extra extends object = Record<never, never>>(
  c: Context,
  status: S,
  error: string,
  extra?: Extra,
) => c.json({ error, ...extra } as { error: string } & Extra, status);

/**
 * Who the client is. Behind N trusted proxies it is the address the outermost one appended: N
 * entries from the right of X-Forwarded-For. Whatever the client wrote itself stands further left.
 */
export const clientKey = (config: Config) => (c: Context) => {
  const hops = config.trustProxyHops;
  const chain = hops > 0 ? (c.req.header('x-forwarded-for') ?? '').split(',') : [];
  const forwarded = chain.length >= hops ? chain[chain.length - hops]?.trim() : '';
  return forwarded || getConnInfo(c).remote.address || 'unknown';
};

/**
 * Refuses a browser's request from another site's page (403): only the site's origins may call.
 * A request without an Origin (a command, a server) passes; CORS then answers the site's.
 */
export const siteOriginsOnly =
  (config: Config, log: Log): MiddlewareHandler<Env> =>
  async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !config.siteOrigins.includes(origin)) {
      log.warn({ msg: 'origin refused', origin });
      return problem(c, 403, 'This origin may not call the service.');
    }
    await next();
  };

/** The header each CDN names the visitor's country in. */
const COUNTRY_HEADERS = { cloudflare: 'cf-ipcountry', cloudfront: 'cloudfront-viewer-country' };

/**
 * The visitor's country as the CDN in front of the service tells it, only where a setting names
 * that CDN (CDN_COUNTRY_HEADER: Cloudflare's CF-IPCountry or CloudFront's
 * CloudFront-Viewer-Country) behind a trusted proxy (TRUST_PROXY): a client reaching the service
 * could write any header, and the nginx block drops both. Null when there is none, or it is
 * Cloudflare's XX (unknown) or T1 (Tor).
 */
export const countryOf = (config: Config) => (c: Context) => {
  if (config.trustProxyHops === 0 || !config.cdnCountryHeader) return null;
  const header = c.req.header(COUNTRY_HEADERS[config.cdnCountryHeader]) ?? '';
  const code = header.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
};

/** At most `perMinute` requests a client and minute (those `skip` passes are not counted). */
export const rateLimit = (
  config: Config,
  perMinute = config.rateLimit,
  {
    message = 'Too many requests. Please wait a minute and try again.',
    skip = () => false,
  }: { message?: string; skip?: (c: Context<Env>) => boolean | Promise<boolean> } = {},
) =>
  rateLimiter<Env>({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    keyGenerator: clientKey(config),
    message: { error: message },
    skip,
  });

/**
 * A JSON body (`application/json`, by media type, in any case: else 415) validated by its schema
 * (else 400, naming each field that is wrong); JSON that does not parse is answered by the app's
 * error handler.
 */
export const jsonBody = <T extends z.ZodType>(schema: T) => {
  const mediaType: MiddlewareHandler<Env> = async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return problem(c, 415, 'The body must be JSON (Content-Type: application/json).');
    }
    await next();
  };
  const validate = zValidator('json', schema, (result, c) => {
    if (result.success) return;
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    return problem(c, 400, 'The request is incomplete or malformed.', { issues });
  });
  return [mediaType, validate] as const;
};
