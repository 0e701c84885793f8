import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { composeService } from './compose';
import type { Config } from './config';
import { createLog, type Log } from './log';

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

  const parts = composeService(config, log, {
    paypalBase,
    viesBase,
    // Known once the service listens (port 0 picks one).
    publicUrl: () => config.publicUrl ?? url,
    role: 'service',
  });
  const { store, outbox, catalog } = parts;
  const app = createApp(parts);
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
    reconcile: (since: Date, until?: Date) => parts.reconcile({ since, until }),
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
