// PayPal's webhooks: an order approved (captured and delivered, whether or not the buyer's tab
// is still open), a capture completed (delivered from PayPal's own order, whether or not the
// buyer's browser ever came back), refunded or reversed. A failure answers 5xx, so that PayPal
// tries again later.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ORDER_ID_PATTERN } from '@/lib/shared/order';
import type { Config } from '../config';
import type { OrderService } from '../orders';
import type { Context } from 'hono';
import { clientKey, problem, type Env } from '../http';
import type { Log } from '../log';
import {
  PayPalUnavailable,
  WEBHOOK_HEADERS,
  type PayPalClient,
  type WebhookSignature,
} from '../paypal';
import { handleRefund, type RefundEvent } from '../refunds';
import type { Store } from '../store';

type Event = {
  id?: string;
  event_type?: string;
  resource?: RefundEvent['resource'] & {
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
};

const isOrderId = (id: unknown): id is string =>
  typeof id === 'string' && new RegExp(`^${ORDER_ID_PATTERN}$`).test(id);

/**
 * Failed events per client and minute. PayPal's own events verify and are never counted, so they
 * never make their address "failing"; but genuine events may share an address with a forger (one
 * proxy, a shared egress), so being over the limit never refuses an event unheard: it only sends
 * that client's events through one narrow lane (`lane`), so that a forger cannot make the service
 * ask PayPal to verify more than one event at a time, while a genuine event in the same lane is
 * still verified and handled.
 */
function failureLimit(perMinute: number, now: () => number = Date.now) {
  const failures = new Map<string, { count: number; until: number }>();
  return {
    over(key: string) {
      const entry = failures.get(key);
      return !!entry && entry.until > now() && entry.count >= perMinute;
    },
    failed(key: string) {
      const entry = failures.get(key);
      if (entry && entry.until > now()) entry.count += 1;
      else {
        if (failures.size > 10_000) {
          for (const [each, { until }] of failures) if (until <= now()) failures.delete(each);
        }
        failures.set(key, { count: 1, until: now() + 60_000 });
      }
    },
  };
}

/** One verification at a time, at most `waiting` in line; null when the line is full. */
function lane(waiting: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return <T>(work: () => Promise<T>): Promise<T> | null => {
    if (queued >= waiting) return null;
    queued += 1;
    const run = tail.then(work).finally(() => {
      queued -= 1;
    });
    tail = run.catch(() => {});
    return run;
  };
}

const isRefund = (event: Event): event is RefundEvent =>
  event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
  event.event_type === 'PAYMENT.CAPTURE.REVERSED';

export function webhookRoutes(deps: {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  orders: OrderService;
  log: Log;
}) {
  const { config, paypal, orders, log } = deps;
  const webhooks = new Hono<Env>();
  const limit = failureLimit(config.rateLimit);
  const slow = lane(50);
  const client = clientKey(config);

  webhooks.post(
    '/paypal',
    async (c, next) => {
      await next();
      if (c.res.status >= 400 && c.res.status < 500) limit.failed(client(c));
    },
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => problem(c, 413, 'The event is too large.'),
    }),
    async (c: Context<Env>) => {
      const raw = await c.req.text();
      const signature = Object.fromEntries(
        Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [
          field,
          c.req.header(header) ?? '',
        ]),
      ) as WebhookSignature;
      let event: Event;
      try {
        event = JSON.parse(raw) as Event;
        if (!event || typeof event !== 'object' || Array.isArray(event))
          throw new Error('not an object');
      } catch {
        return problem(c, 400, 'The event is not a JSON object.');
      }
      if (Object.values(signature).some((value) => !value)) {
        log.warn({ msg: 'webhook without a signature' });
        return problem(c, 400, 'The event is not signed.');
      }
      try {
        // The signature first, whoever sends it: an event that verifies is handled, however many
        // forged ones came from its address. A client whose events keep failing waits its turn.
        const verify = () => paypal.verifyWebhook(signature, raw, config.paypal.webhookId);
        const verified = limit.over(client(c)) ? slow(verify) : verify();
        if (!verified) return problem(c, 503, 'Too many events are waiting; try again.');
        if (!(await verified)) {
          log.warn({ msg: 'webhook signature refused', type: event.event_type });
          return problem(c, 400, 'The signature does not verify.');
        }
        if (isRefund(event)) {
          await handleRefund(deps, event);
          return c.json({ ok: true });
        }
        // The buyer approved in PayPal's window: captured here too, in case their tab closed
        // before the checkout's capture call (the two are one capture at PayPal).
        if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
          const id = event.resource?.id;
          if (!isOrderId(id)) return c.json({ ok: true, ignored: 'no order id' });
          const result = await orders.capture(id, null);
          log.info({ msg: 'webhook', type: event.event_type, orderId: id, result: result.kind });
          return c.json({ ok: true });
        }
        if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') {
          return c.json({ ok: true, ignored: event.event_type });
        }
        const id = event.resource?.supplementary_data?.related_ids?.order_id;
        if (!isOrderId(id)) {
          log.warn({ msg: 'webhook without an order id' });
          return c.json({ ok: true, ignored: 'no order id' });
        }
        const result = await orders.deliver(id, { source: 'webhook' });
        log.info({ msg: 'webhook', type: event.event_type, orderId: id, result: result.kind });
        return c.json({ ok: true });
      } catch (error) {
        if (!(error instanceof PayPalUnavailable)) throw error;
        log.error({ msg: 'PayPal unavailable for a webhook', error: error.message });
        return problem(c, 503, 'PayPal could not be asked; try again.');
      }
    },
  );

  return webhooks;
}
