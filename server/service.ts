import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { createCatalog } from './catalog-source';
import { DAY, type Config } from './config';
import { createOrderService } from './orders';
import { createLog, type Log } from './log';
import { catalogStaleNotice } from './emails/studio';
import { createMailer } from './mail';
import { createOutbox } from './outbox';
import { writePlaceholderPacks } from './packs';
import { createPayPalClient } from './paypal';
import { reconcile } from './reconcile';
import { openStore } from './store';
import { createViesClient } from './vies';

function listen(fetch: Parameters<typeof serve>[0]['fetch'], port: number, hostname: string) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
}

const close = (server: ServerType) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Starts the service (and, in development, the fake PayPal and VIES it talks to). Port 0 picks a free port;
 * the returned url is where it answers.
 */
export async function startService(config: Config, log: Log = createLog()) {
  const servers: ServerType[] = [];
  let url = '';
  let paypalBase = config.paypal.apiBase;
  if (config.fakePayPalPort !== null) {
    // Loaded only here, in development and tests: the production service carries no test
    // machinery (nor the Ajv and PayPal descriptions the fake checks requests with).
    const { createFakePayPal } = await import('./fake-paypal');
    const fakePayPal = createFakePayPal({
      ...config.paypal,
      webhookUrl: () => (url ? `${url}/webhooks/paypal` : null),
      webhookDelayMs: config.fakeWebhookDelayMs,
    });
    // The fake never answers beyond this machine, whatever HOST the service listens on.
    const fake = await listen(fakePayPal.fetch, config.fakePayPalPort, '127.0.0.1');
    servers.push(fake.server);
    paypalBase = `http://127.0.0.1:${fake.port}`;
    log.info({ msg: 'fake PayPal listening', url: paypalBase });
  }
  let viesBase = config.vies.apiBase;
  if (config.fakeViesPort !== null) {
    const { createFakeVies } = await import('./fake-vies');
    const fake = await listen(createFakeVies().fetch, config.fakeViesPort, '127.0.0.1');
    servers.push(fake.server);
    viesBase = `http://127.0.0.1:${fake.port}`;
    log.info({ msg: 'fake VIES listening', url: viesBase });
  }

  const store = openStore(config.databasePath);
  const paypal = createPayPalClient({ ...config.paypal, apiBase: paypalBase });
  const catalog = createCatalog({
    url: config.catalogUrl,
    cacheFile: config.catalogCachePath,
    refreshMs: config.catalogRefreshMs,
    staleAfterMs: config.catalogStaleMs,
    log,
    onLoad(loaded) {
      const stated = loaded.terms;
      if (
        stated &&
        (stated.downloadDays * DAY !== config.downloadTtlMs ||
          stated.downloadLimit !== config.downloadLimit)
      ) {
        // The pack pages promise what the site's build was told; the links do what this service is.
        log.warn({
          msg: 'the site states other download terms than this service gives',
          site: `${stated.downloadDays} days, ${stated.downloadLimit} downloads`,
          service: `${config.downloadTtlMs / DAY} days, ${config.downloadLimit} downloads`,
        });
      }
      // In development, a stand-in file for every pack the site sells (production sells only
      // packs whose files the studio put in place).
      if (config.production) return;
      const written = writePlaceholderPacks(config.packsDir, loaded.packs, loaded.copy.license, {
        studio: loaded.studio.name,
        version: loaded.terms?.version ?? null,
        termsUrl: `${config.siteOrigins[0]}/terms/`,
      });
      if (written.length > 0) {
        log.info({ msg: 'placeholder packs written', count: written.length, dir: config.packsDir });
      }
    },
    // Once per copy that went stale (or once, when none was ever read).
    onStale(since, reason) {
      const to = config.studioEmail ?? catalog.current()?.studio.email;
      if (!to) return;
      const alert = { orderId: null, kind: 'alert' as const };
      const message = catalogStaleNotice(config.catalogUrl, since, reason, to);
      if (store.queueOnce(`catalog-stale:${since}`, [{ ...alert, message }], Date.now())) {
        void outbox.kick();
      }
    },
  });
  const studioAddress = () => config.studioEmail ?? catalog.get().studio.email;
  const outbox = createOutbox({
    store,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      // MAIL_FROM (required in production), else the studio as the catalogue names it.
      from: () => {
        const studio = catalog.current()?.studio;
        if (config.mailFrom || !studio) return config.mailFrom ?? 'order-service@localhost';
        return `"${studio.name.replace(/["\\]/g, '')}" <${studio.email}>`;
      },
      log: log.info,
    }),
    log,
    studioEmail: studioAddress,
    retryDelaysMs: config.mailRetryDelaysMs,
  });
  const orders = createOrderService({
    config,
    store,
    paypal,
    vies: createViesClient({ ...config.vies, apiBase: viesBase, log }),
    outbox,
    catalog,
    log,
    // Known once the service listens (port 0 picks one).
    publicUrl: () => config.publicUrl ?? url,
    studioAddress,
    now: Date.now,
  });
  const app = createApp({
    config,
    store,
    paypal,
    catalog,
    orders,
    outbox,
    studioAddress,
    log,
  });
  // The catalogue first: a copy on disk serves at once, else the site is asked before the first
  // request (and /health says whether the shop is open).
  await catalog.start();
  const api = await listen(app.fetch, config.port, config.host);
  servers.push(api.server);
  url = `http://${config.host}:${api.port}`;
  log.info({
    msg: 'order-confirmation service listening',
    url,
    production: config.production,
    email: config.smtpUrl ? 'smtp' : `outbox ${config.outboxDir}`,
  });

  // E-mails queued before a restart (or a crash) go out now.
  void outbox.kick();

  return {
    url,
    /** The routes, for a caller in this process: tests that need no port ask them with `app.request`. */
    app,
    paypalBase,
    viesBase,
    store,
    outbox,
    catalog,
    /** Delivers what PayPal was paid since a moment and the database lacks (reconcile.ts). */
    reconcile: (since: Date, until?: Date) =>
      reconcile({ store, paypal, orders, log }, { since, until }),
    /** Resolves once the work started after answering and every due e-mail are done (tests). */
    async settled() {
      await app.settled();
      await outbox.kick();
    },
    async close() {
      catalog.stop();
      await Promise.all(servers.map(close));
      await app.settled();
      await outbox.stop();
      store.close();
    },
  };
}
