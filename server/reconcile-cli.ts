// After restoring the orders database from a backup: `npm run reconcile -- --since <time>`
// (README, "Restoring the orders database"). Every payment PayPal received since then that the
// database lacks is recorded and its e-mails queued, once; the running service sends them (it
// looks at its outbox every 30 seconds, and at its start).
import { parseArgs } from 'node:util';
import { createCatalog } from './catalog-source';
import { ConfigError, loadConfig } from './config';
import { createLog } from './log';
import { createOrderService } from './orders';
import { createPayPalClient } from './paypal';
import { reconcile } from './reconcile';
import { openStore } from './store';

const usage = `Usage: npm run reconcile -- --since <time> [--until <time>]
  <time>: when the backup was taken, or earlier (2026-11-25T06:00:00Z, or a backup's file name,
  orders-2026-11-25T06-00-00Z.sqlite). PayPal lists a payment up to three hours after it was made:
  run it again three hours after the restore (nothing is delivered twice).`;

/** A moment from an ISO time or a backup file's name (orders-2026-11-25T06-00-00Z.sqlite). */
export function momentOf(text: string): Date | null {
  const stamp = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z/.exec(text);
  const time = stamp
    ? Date.parse(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}Z`)
    : Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { since: { type: 'string' }, until: { type: 'string' } },
  });
  const since = values.since ? momentOf(values.since) : null;
  const until = values.until ? momentOf(values.until) : new Date();
  if (!since || !until || since >= until) {
    console.error(usage);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  // Its log lines go to standard error; what it reports, to standard output.
  const log = createLog((line) => process.stderr.write(`${line}\n`));
  const store = openStore(config.databasePath);
  const paypal = createPayPalClient(config.paypal);
  const catalog = createCatalog({
    url: config.catalogUrl,
    cacheFile: config.catalogCachePath,
    refreshMs: config.catalogRefreshMs,
    staleAfterMs: config.catalogStaleMs,
    log,
    onStale: () => {},
  });
  if (!catalog.current()) await catalog.refresh();
  const orders = createOrderService({
    config,
    store,
    paypal,
    // Queued only: the service sends them.
    outbox: { kick: async () => {} },
    catalog,
    log,
    publicUrl: () => config.publicUrl ?? `http://${config.host}:${config.port}`,
    studioAddress: () => config.studioEmail ?? catalog.get().studio.email,
    now: Date.now,
  });
  try {
    const done = await reconcile(
      { store, paypal, orders, log },
      { since, until, report: (line) => console.log(line) },
    );
    console.log(
      `Reconciled ${done.payments} payments: ${done.delivered} orders delivered now, ${done.held} held already, ${done.pending} pending, ${done.refused} left to the studio (alerted), ${done.other} not from the shop.`,
    );
  } finally {
    store.close();
  }
}
