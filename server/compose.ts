// The service's parts, composed in one place: the HTTP service (service.ts) and the reconciliation
// command (reconcile-cli.ts) both take them from here, so a new dependency is added once.
import { createBookings } from './booking';
import type { Deps } from './deps';
import { createCatalog } from './catalog/source';
import { DAY, type Config } from './config';
import { catalogStaleNotice } from './mail/studio';
import type { Log } from './log';
import { createMailer } from './mail/transport';
import { createOrderService } from './orders';
import { createOutbox } from './mail/outbox';
import { writePlaceholderPacks } from './downloads/packs';
import { createPayPalClient } from './paypal/client';
import { reconcile } from './orders/reconcile';
import { createRecovery } from './orders/recovery';
import { createReviews } from './reviews';
import { createPublisher } from './reviews/publisher';
import { openStore, type Store } from './database';
import { createViesClient } from './tax/vies';

export type Composition = {
  /** Where PayPal and VIES answer: their real APIs, or the fakes development starts. */
  paypalBase: string;
  viesBase: string;
  /** Where the service answers, for the links its e-mails carry. */
  publicUrl: () => string;
  /**
   * 'service': the running service, which sends its e-mails, watches the catalogue and (in
   * development) writes stand-in packs. 'command': a one-off command beside it, which only queues
   * e-mails for the running service to send and leaves the catalogue's upkeep to it.
   */
  role: 'service' | 'command';
  /** The service's clock: the wall's, unless a test moves its own on. */
  now?: () => number;
};

export function composeService(
  config: Config,
  log: Log,
  { paypalBase, viesBase, publicUrl, role, now = Date.now }: Composition,
) {
  const store = openStore(config.databasePath);
  const paypal = createPayPalClient({ ...config.paypal, apiBase: paypalBase });
  const catalog = createCatalog({
    url: config.catalogUrl,
    cacheFile: config.catalogCachePath,
    refreshMs: config.catalogRefreshMs,
    staleAfterMs: config.catalogStaleMs,
    log,
    onLoad(loaded) {
      if (role !== 'service') return;
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
      if (role !== 'service') return;
      const to = config.studioEmail ?? catalog.current()?.studio.email;
      if (!to) return;
      const alert = { orderId: null, kind: 'alert' as const };
      const message = catalogStaleNotice(config.catalogUrl, since, reason, to);
      if (store.queueOnce(`catalog-stale:${since}`, [{ ...alert, message }], now())) {
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
    now,
  });
  // A command queues its e-mails only: the running service sends them (at its next look).
  const queue = role === 'service' ? outbox : { kick: async () => {} };
  // What every area takes (deps.ts).
  const deps: Deps<Store> = {
    config,
    store,
    paypal,
    catalog,
    outbox: queue,
    log,
    now,
    studioAddress,
  };
  const orders = createOrderService({
    ...deps,
    vies: createViesClient({ ...config.vies, apiBase: viesBase, log }),
    publicUrl,
  });
  const recovery = createRecovery({ ...deps, orders, secret: config.downloadSecret });
  const reviews = createReviews({
    ...deps,
    publisher: createPublisher(config.reviews.publisher),
    sold: (pack) =>
      [...catalog.get().packsBySlug.values()].some(
        (each) => each.slug === pack || !!each.members?.some((member) => member.slug === pack),
      ),
  });
  const bookings = createBookings(deps);
  const staff = store.bookings.staff({
    staff: () => config.staffEmails,
    links: config.staffLinks,
    siteUrl: () => config.siteOrigins[0]!,
    queue: (message) => {
      store.queue([{ orderId: null, kind: 'studio', message }], now());
      void queue.kick();
    },
    now,
  });
  return {
    config,
    log,
    now,
    store,
    bookings,
    staff,
    paypal,
    catalog,
    outbox,
    orders,
    recovery,
    reviews,
    /** Delivers what PayPal was paid since a moment and the database lacks (reconcile.ts). */
    reconcile: (range: Parameters<typeof reconcile>[1]) =>
      reconcile({ store, paypal, orders, bookings, log }, range),
  };
}

export type Parts = ReturnType<typeof composeService>;
