// The API the site's browser calls: orders created and captured (routes/orders.ts), the older
// confirmation call (routes/confirmation.ts), discount previews, fresh links. Only the site's
// origins may call it. Its type is the browser's typed client (lib/browser/order-client.ts).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { orderTotalCents } from '@/lib/shared/order';
import type { CatalogSource } from '../catalog/source';
import { applyCode } from '../discounts/codes';
import type { Config } from '../config';
import {
  discountCheckSchema,
  vatNumberSchema,
  type DiscountAnswer,
  type VatNumberAnswer,
} from './contract';
import { pricedNet, reverseCharges, taxRule } from '@/lib/shared/tax';
import { readVatNumber } from '@/lib/shared/vat-number';
import type { OrderService } from '../orders';
import { countryOf, jsonBody, problem, rateLimit, siteOriginsOnly, type Env } from '../http';
import type { Log } from '../log';
import type { Recovery } from '../orders/recovery';
import type { Store } from '../database';
import { confirmationRoutes } from './confirmation';
import { orderRoutes } from './orders';

/** The largest request body accepted: a full cart with long addresses fits many times over. */
export const MAX_BODY_BYTES = 16 * 1024;

export function apiRoutes({
  config,
  store,
  catalog,
  orders,
  recovery,
  log,
  now,
  later,
}: {
  config: Config;
  store: Store;
  catalog: CatalogSource;
  orders: OrderService;
  recovery: Recovery;
  log: Log;
  now: () => number;
  /** Runs work after answering, so that the answer says nothing of it. */
  later: (work: () => Promise<void>) => void;
}) {
  const api = new Hono<Env>();
  const siteOrigin = (origin: string) => (config.siteOrigins.includes(origin) ? origin : null);

  api.use(siteOriginsOnly(config, log));
  api.use(
    cors({
      origin: siteOrigin,
      allowMethods: ['POST'],
      allowHeaders: ['Content-Type'],
      maxAge: 600,
    }),
  );
  api.use(rateLimit(config));
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
    }),
  );
  // Trying codes, by preview or by order: one budget, a third of the API's, per client and minute.
  const codeTries = rateLimit(config, Math.max(1, Math.floor(config.rateLimit / 3)), {
    skip: async (c) => {
      const body = (await c.req.json().catch(() => null)) as { code?: unknown } | null;
      return !body?.code;
    },
  });
  api.use('/discounts/*', codeTries);
  api.use('/orders', codeTries);

  return (
    api
      // What a code does to a cart: a preview for the checkout; the order applies it for good.
      .post('/discounts/check', ...jsonBody(discountCheckSchema), (c) => {
        const { code, items, pricedNet: netOf } = c.req.valid('json');
        const { packsBySlug, currency, tax } = catalog.get();
        const asListed = [...new Set(items)].flatMap((sku) => {
          const pack = packsBySlug.get(sku);
          return pack ? [{ ...pack, quantity: 1 as const }] : [];
        });
        // A business whose VAT number VIES confirmed: its order is priced net, and so is the code.
        const rule = netOf ? taxRule(tax, { country: netOf }) : null;
        const lines = reverseCharges(rule) ? pricedNet(asListed, rule.rate, currency) : asListed;
        const applied = applyCode(store, code, lines, now(), currency);
        // A code that does not apply is an answer, not an error: the checkout says why.
        if ('problem' in applied) {
          return c.json({ applies: false, reason: applied.problem } satisfies DiscountAnswer, 200);
        }
        const itemTotalCents = orderTotalCents(lines);
        return c.json(
          {
            applies: true,
            code: applied.rule.code,
            discountCents: applied.cents,
            itemTotalCents,
            totalCents: itemTotalCents - applied.cents,
          } satisfies DiscountAnswer,
          200,
        );
      })
      // A business buyer's VAT number, as they continue from their details: VIES's answer, said
      // (and the order priced by it) before any PayPal button.
      .post('/vat-number', ...jsonBody(vatNumberSchema), async (c) => {
        const { country, vatNumber } = c.req.valid('json');
        const read = readVatNumber(country, vatNumber)!;
        return c.json((await orders.vatNumber(read)) satisfies VatNumberAnswer, 200);
      })
      .route(
        '/orders',
        orderRoutes({ orders, recovery, log, later, viewerCountry: countryOf(config) }),
      )
      .route('/email/send-order-confirmation', confirmationRoutes({ orders, log, now }))
  );
}

/** The API's routes and answers, as the browser's typed client sees them. */
export type OrderApi = ReturnType<typeof apiRoutes>;
