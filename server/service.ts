import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { composeService } from './compose';
import { ConfigError, loadConfig, type Config } from './config';
import { createLog, type Log } from './log';

export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
  hostname: string,
) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
}

export const close = (server: ServerType) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Where the service finds PayPal and VIES when not where the settings say (local fakes), and its
 * clock when not the wall's (tests move it on).
 */
export type Elsewhere = { paypalBase?: string; viesBase?: string; now?: () => number };

/**
 * Starts the service. Port 0 picks a free port; the returned url is where it answers. In
 * development and tests, server/testing/with-fakes.ts starts the fake PayPal and VIES first and
 * passes their addresses.
 */
export async function startService(
  config: Config,
  log: Log = createLog(),
  elsewhere: Elsewhere = {},
) {
  let url = '';
  const paypalBase = elsewhere.paypalBase ?? config.paypal.apiBase;
  const viesBase = elsewhere.viesBase ?? config.vies.apiBase;
  const parts = composeService(config, log, {
    paypalBase,
    viesBase,
    // Known once the service listens (port 0 picks one).
    publicUrl: () => config.publicUrl ?? url,
    role: 'service',
    now: elsewhere.now,
  });
  const { store, outbox, catalog } = parts;
  const app = createApp(parts);
  // The catalogue first: a copy on disk serves at once, else the site is asked before the first
  // request (and /health says whether the shop is open).
  await catalog.start();
  const api = await listen(app.fetch, config.port, config.host);
  url = `http://${config.host}:${api.port}`;
  log.info({
    msg: 'order-confirmation service listening',
    url,
    production: config.production,
    email: config.smtpUrl ? 'smtp' : `outbox ${config.outboxDir}`,
  });

  // E-mails queued before a restart (or a crash) go out now; instalments due are e-mailed now
  // and every hour (each once: server/booking/).
  void outbox.kick();
  const dueTimer = setInterval(() => parts.bookings.sendDue(), 60 * 60 * 1000);
  dueTimer.unref();
  parts.bookings.sendDue();

  return {
    url,
    /** The routes, for a caller in this process: tests that need no port ask them with `app.request`. */
    app,
    paypalBase,
    viesBase,
    store,
    outbox,
    catalog,
    bookings: parts.bookings,
    /** Delivers what PayPal was paid since a moment and the database lacks (reconcile.ts). */
    reconcile: (since: Date, until?: Date) => parts.reconcile({ since, until }),
    /** Resolves once the work started after answering and every due e-mail are done (tests). */
    async settled() {
      await app.settled();
      await outbox.kick();
    },
    async close() {
      clearInterval(dueTimer);
      catalog.stop();
      await close(api.server);
      await app.settled();
      await outbox.stop();
      store.close();
    },
  };
}

/**
 * Runs a service from the environment's settings until SIGINT or SIGTERM (the entries:
 * server/index.ts in production, server/testing/dev.ts with the local fakes); a settings error is
 * said in one line and exits 1.
 */
export async function runService(
  start: (config: Config, log: Log) => Promise<{ close(): Promise<void> }>,
) {
  const log = createLog();
  try {
    const service = await start(loadConfig(), log);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void service.close().then(() => process.exit(0)));
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.error({ msg: error.message });
    process.exit(1);
  }
}
