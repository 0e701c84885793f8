// GET /health: whether the shop is open (the service has read the site's catalogue), the
// catalogue's version it charges, and whether PayPal refuses the orders the shop asks for. The
// checkout asks it before it offers to pay; the editor's status line reads the version. Its type,
// HealthApi, is what both read it with.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Parts } from '../compose';

export function healthRoutes({
  config,
  catalog,
  orders,
}: Pick<Parts, 'config' | 'catalog' | 'orders'>) {
  return new Hono()
    .use(cors({ origin: (origin) => (config.siteOrigins.includes(origin) ? origin : null) }))
    .get('/', (c) => {
      const current = catalog.current();
      // No payment while the service cannot deliver, which it cannot before it has read the
      // shop's catalogue once.
      if (!current) return c.json({ ok: false as const, catalog: null }, 503);
      const failing = orders.failing();
      return c.json(
        {
          ok: true as const,
          catalog: {
            version: current.version,
            fetchedAt: new Date(current.fetchedAt).toISOString(),
          },
          orders: failing
            ? { failing: true, since: new Date(failing.since).toISOString(), issue: failing.issue }
            : { failing: false },
        },
        200,
      );
    });
}

export type HealthApi = ReturnType<typeof healthRoutes>;
