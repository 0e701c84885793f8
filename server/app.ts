// The order service's HTTP app: the API the site calls (/api), PayPal's webhooks (/webhooks), the
// e-mailed download links (/download) and /health, each a sub-app of its own under one set of
// headers, logging and error answers.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { CatalogUnavailable } from './catalog/source';
import type { Parts } from './compose';
import { problem, type Env } from './http';
import { createLinkPolicy } from './downloads/links';
import { apiRoutes } from './routes/api';
import { coupleRoutes, studioRoutes } from './booking/routes';
import { downloadRoutes } from './routes/downloads';
import { healthRoutes } from './routes/health';
import { reviewRoutes } from './routes/reviews';
import { webhookRoutes } from './routes/webhooks';

/** The parts the routes use, as compose.ts makes them. */
type AppParts = Pick<
  Parts,
  | 'config'
  | 'store'
  | 'paypal'
  | 'catalog'
  | 'orders'
  | 'recovery'
  | 'reviews'
  | 'bookings'
  | 'staff'
  | 'log'
  | 'now'
>;

export function createApp({
  config,
  store,
  paypal,
  catalog,
  orders,
  recovery,
  reviews,
  bookings,
  staff,
  log,
  now,
}: AppParts) {
  const app = new Hono<Env>();
  /** Work done after answering (e-mailing on request), so the answer says nothing of it. */
  const background = new Set<Promise<void>>();
  const later = (work: () => Promise<void>) => {
    const task = work()
      .catch((error: Error) => log.error({ msg: 'background work failed', error: error.message }))
      .finally(() => background.delete(task));
    background.add(task);
  };

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    log.info({
      msg: 'request',
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use(secureHeaders({ crossOriginResourcePolicy: false }));
  app.onError((error, c) => {
    // The JSON validator's word for a body that does not parse.
    if (error instanceof HTTPException && error.status === 400) {
      return problem(c, 400, 'The body is not valid JSON.');
    }
    if (error instanceof CatalogUnavailable) {
      return problem(c, 503, 'The shop is not open yet. Please try again in a minute.');
    }
    log.error({ msg: 'unexpected error', error: error.message });
    return problem(c, 500, 'Something went wrong on our side. Please try again.');
  });
  app.notFound((c) => problem(c, 404, 'Not found.'));

  app.route('/health', healthRoutes({ config, catalog, orders }));

  // Reviews of orders refunded while the service was down (or by the reconciliation).
  later(() => reviews.withdrawRefunded());
  const api = apiRoutes({ config, store, catalog, orders, recovery, log, now, later });
  // The studio's routes first: they answer with their own CORS (the session cookie), not the API's.
  app.route('/api/studio', studioRoutes({ bookings, staff, config, log }));
  app.route(
    '/api',
    api
      .route('/reviews', reviewRoutes({ reviews, log }))
      .route('/booking', coupleRoutes({ bookings, config })),
  );
  app.route(
    '/webhooks',
    webhookRoutes({
      config,
      store,
      paypal,
      orders,
      handlers: [bookings.payments],
      log,
      afterRefund: () => later(() => reviews.withdrawRefunded()),
    }),
  );
  app.route(
    '/download',
    downloadRoutes({
      config,
      catalog,
      links: createLinkPolicy({ config, store, now }),
      recovery,
      packMissing: (pack) => orders.packMissing(pack),
      log,
    }),
  );

  return Object.assign(app, {
    /** Resolves once the work started after answering is done (tests, shutdown). */
    settled: async () => {
      while (background.size > 0) await Promise.all(background);
    },
  });
}
