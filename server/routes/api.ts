// The API the site's browser calls: orders created and captured, the older confirmation call,
// discount previews, fresh links. Only the site's origins may call it.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { orderTotalCents } from '@/lib/shared/order';
import type { CatalogSource } from '../catalog-source';
import { applyCode } from '../codes';
import type { Config } from '../config';
import {
  allOrdersSchema,
  captureSchema,
  confirmationSchema,
  discountCheckSchema,
  newOrderSchema,
  orderIdSchema,
  resendSchema,
  type AcceptedAnswer,
  type CaptureOutcome,
  type CaptureRefusedAnswer,
  type CodeRefusedAnswer,
  type CreatedAnswer,
  type DeliveredAnswer,
  type DiscountAnswer,
  type FreshLinksRefusedAnswer,
  type NotCreatedAnswer,
  type PendingAnswer,
} from '../contract';
import type { OrderService } from '../orders';
import { jsonBody, problem, rateLimit, type Env } from '../http';
import type { Log } from '../log';
import { PayPalRefused, PayPalUnavailable } from '../paypal';
import { LINK_EMAILS_PER_HOUR, type FreshLinks, type Recovery } from '../recovery';
import type { OrderRecord, Store } from '../store';

/** The largest request body accepted: a full cart with long addresses fits many times over. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Every refused confirmation: the same words, after the same time (longer than asking PayPal). */
export const REFUSAL = 'This order cannot be confirmed with these details.';
export const REFUSAL_MS = 500;

/** The answer when fresh links were sent. */
export const FRESH_LINKS_SENT = 'Fresh links are on their way to the address of the order.';

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

  api.use(async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !siteOrigin(origin)) {
      log.warn({ msg: 'origin refused', origin });
      return problem(c, 403, 'This origin may not call the service.');
    }
    await next();
  });
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

  /** What the buyer's browser gets for a delivered order: where the e-mail went, the links. */
  const receipt = (order: OrderRecord, created: boolean): DeliveredAnswer => {
    const downloads = orders.downloads(order);
    return {
      ok: true,
      orderId: order.id,
      email: order.email,
      totalCents: order.totalCents,
      discount: order.discountCode
        ? { code: order.discountCode, cents: order.discountCents }
        : null,
      downloads: downloads.map(({ name, url }) => ({ name, url })),
      expiresAt: downloads[0]?.expiresAt ?? 0,
      ...(created ? {} : { alreadyConfirmed: true as const }),
    };
  };

  const paypalUnreachable = (c: Context, id: string | null, error: Error) => {
    log.error({ msg: 'PayPal unavailable', orderId: id, error: error.message });
    return problem(c, 502, 'We could not reach PayPal. Please try again in a moment.');
  };

  // The checkout's PayPal button creates its order here: priced from the catalogue the site
  // publishes, at the total the page showed, with the code's use held for it. Nothing is charged
  // until the buyer approves and the capture below runs.
  api.post('/orders', ...jsonBody(newOrderSchema), async (c) => {
    const { items, shownTotalCents, customer, code, fundingSource } = c.req.valid('json');
    try {
      const created = await orders.create({
        items,
        shownTotalCents,
        customer,
        code,
        fundingSource,
      });
      if ('pricesChanged' in created) {
        return problem(c, 409, 'The prices of the shop are not the ones the page showed.', {
          reason: 'prices-changed',
          packs: created.pricesChanged,
        } satisfies Omit<NotCreatedAnswer, 'error'>);
      }
      if ('unavailable' in created) {
        return problem(c, 409, 'A pack in the order cannot be sold yet.', {
          reason: 'unavailable',
          packs: created.unavailable,
        } satisfies Omit<NotCreatedAnswer, 'error'>);
      }
      if ('problem' in created) {
        return problem(c, 422, 'The discount code does not apply.', {
          reason: created.problem,
        } satisfies Omit<CodeRefusedAnswer, 'error'>);
      }
      return c.json({ id: created.id } satisfies CreatedAnswer, 201);
    } catch (error) {
      if (error instanceof PayPalUnavailable) return paypalUnreachable(c, null, error);
      if (error instanceof PayPalRefused) {
        log.error({ msg: 'PayPal refused an order', issue: error.issue, status: error.status });
        return problem(c, 502, 'PayPal did not accept the order. Please try again later.');
      }
      throw error;
    }
  });

  // The buyer approved the order in PayPal's window: the payment is captured and the order
  // delivered in one call, whose answer carries the links. Repeating it is safe.
  api.post('/orders/:id/capture', ...jsonBody(captureSchema), async (c) => {
    const id = c.req.param('id');
    if (!orderIdSchema.safeParse(id).success) return problem(c, 404, 'Not found.');
    let result;
    try {
      result = await orders.capture(id, c.req.valid('json').email);
    } catch (error) {
      if (error instanceof PayPalUnavailable) return paypalUnreachable(c, id, error);
      throw error;
    }
    const refused = (
      outcome: CaptureOutcome,
      error: string,
      extra: Omit<CaptureRefusedAnswer, 'error' | 'outcome'> = {},
    ) =>
      problem(c, outcome === 'unknown' ? 404 : outcome === 'code-taken' ? 409 : 422, error, {
        outcome,
        ...extra,
      } satisfies Omit<CaptureRefusedAnswer, 'error'>);
    switch (result.kind) {
      case 'declined':
        return refused('declined', 'PayPal declined the payment; nothing was charged.', {
          restart: result.restart,
        });
      case 'code-taken':
        return refused(
          'code-taken',
          'The discount code was used up by another order; nothing was charged.',
          { code: result.code },
        );
      case 'unavailable':
        return refused(
          'not-charged',
          'A pack in this order is not available right now; nothing was charged.',
        );
      case 'unknown':
        return refused('unknown', 'We do not know this order.');
      case 'refused':
        if (result.paid) {
          return refused(
            'paid-not-delivered',
            'Your payment was received, but the order needs a person.',
          );
        }
        return result.refunded
          ? refused('refunded', 'This payment was refunded; nothing was delivered.')
          : refused('not-charged', 'This order cannot be completed; nothing was charged.');
      case 'pending':
        return c.json(
          { ok: true, orderId: id, pending: true, downloads: [] } satisfies PendingAnswer,
          202,
        );
      case 'delivered':
        return c.json(receipt(result.order, result.created));
    }
  });

  // The older confirmation call, from a checkout that created its order in the browser (orders
  // in flight from before the service created them).
  api.post('/email/send-order-confirmation', ...jsonBody(confirmationSchema), async (c) => {
    const started = now();
    const {
      customerDetails: customer,
      purchasedItems,
      totalAmount,
      orderId: id,
    } = c.req.valid('json');
    let result;
    try {
      result = await orders.deliver(id, {
        source: 'browser',
        customer,
        items: purchasedItems,
        totalAmount,
      });
    } catch (error) {
      if (!(error instanceof PayPalUnavailable)) throw error;
      return paypalUnreachable(c, id, error);
    }
    switch (result.kind) {
      // An unknown order, another address, other items, a refund: one answer, after one wait, so
      // that nobody learns which order ids exist or whose they are.
      case 'unknown':
      case 'refused':
        await new Promise((resolve) => setTimeout(resolve, started + REFUSAL_MS - now()));
        return problem(c, 422, REFUSAL);
      case 'pending':
        return c.json(
          {
            ok: true,
            orderId: id,
            email: customer.email,
            pending: true,
            downloads: [],
          } satisfies PendingAnswer,
          202,
        );
      case 'delivered':
        return c.json(receipt(result.order, result.created));
    }
  });

  // What a code does to a cart: a preview for the checkout; the order applies it for good.
  api.post('/discounts/check', ...jsonBody(discountCheckSchema), (c) => {
    const { code, items } = c.req.valid('json');
    const { packsBySlug, currency } = catalog.get();
    const lines = [...new Set(items)].flatMap((sku) => {
      const pack = packsBySlug.get(sku);
      return pack ? [{ ...pack, quantity: 1 as const }] : [];
    });
    const applied = applyCode(store, code, lines, now(), currency);
    // A code that does not apply is an answer, not an error: the checkout says why.
    if ('problem' in applied) {
      return c.json({ applies: false, reason: applied.problem } satisfies DiscountAnswer);
    }
    const itemTotalCents = orderTotalCents(lines);
    return c.json({
      applies: true,
      code: applied.rule.code,
      discountCents: applied.cents,
      itemTotalCents,
      totalCents: itemTotalCents - applied.cents,
    } satisfies DiscountAnswer);
  });

  const accepted = (c: Context, message: string) =>
    c.json({ ok: true, message } satisfies AcceptedAnswer, 202);

  // Fresh links: the answer says what happened (sent, or why not), never "on their way" when
  // nothing was sent. An order the service does not hold is looked up at PayPal first.
  api.post('/orders/resend', ...jsonBody(resendSchema), async (c) => {
    const { orderId: id, email } = c.req.valid('json');
    let outcome: FreshLinks;
    try {
      outcome = await recovery.freshLinks(id, email);
    } catch (error) {
      if (error instanceof PayPalUnavailable) return paypalUnreachable(c, id, error);
      throw error;
    }
    const refused = (
      status: 404 | 409 | 429,
      why: FreshLinksRefusedAnswer['outcome'],
      error: string,
    ) =>
      problem(c, status, error, { outcome: why } satisfies Omit<FreshLinksRefusedAnswer, 'error'>);
    switch (outcome) {
      case 'sent':
        return accepted(c, FRESH_LINKS_SENT);
      case 'limited':
        return refused(
          429,
          outcome,
          `This order's links were sent ${LINK_EMAILS_PER_HOUR} times in the last hour: please use the newest e-mail, or try again in an hour.`,
        );
      case 'pending':
        return refused(
          409,
          outcome,
          'PayPal is still processing this payment: your links are e-mailed as soon as it completes.',
        );
      case 'needs-studio':
        return refused(
          409,
          outcome,
          'We found your payment, but this order needs the studio: they have been told and will write to you.',
        );
      case 'not-found':
        return refused(
          404,
          outcome,
          'We found no paid order with this id for this e-mail address. Please check both (the id is in your confirmation e-mail or your PayPal receipt); we have told the studio, who will write to you if they find it.',
        );
    }
  });

  api.post('/orders/all', ...jsonBody(allOrdersSchema), (c) => {
    const { email } = c.req.valid('json');
    later(async () => recovery.allOrders(email));
    return accepted(c, 'If this address has orders, they are on their way to it.');
  });

  return api;
}
