// What every area of the service is handed by the composition root (compose.ts): one bag, typed
// once. An area that needs more takes `Deps &` its own; one that needs less, `Pick<Deps, …>`.
// `Store` is the rows the area reads and writes, named by the area from the features' own stores
// (the composition passes the whole database, database.ts, which has them all).
import type { CatalogSource } from './catalog/source';
import type { Config } from './config';
import type { Log } from './log';
import type { Outbox } from './mail/outbox';
import type { PayPalClient } from './paypal/client';

export type Deps<Store = unknown> = {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  /** The catalogue the live site publishes: packs, prices, terms, tax, the booking's words. */
  catalog: CatalogSource;
  /** Sends what was queued (the reconciliation's command only queues: the service sends). */
  outbox: Pick<Outbox, 'kick'>;
  log: Log;
  /** The service's clock: the wall's, unless a test moves its own on. */
  now: () => number;
  /** Where the studio's copies, notices and alerts go. */
  studioAddress: () => string;
};
