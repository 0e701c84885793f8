// PayPal's webhooks: a capture completed (delivered from PayPal's own order, whether or not the
// buyer's browser ever came back), refunded or reversed. A failure answers 5xx, so that PayPal
// tries again later.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ORDER_ID_PATTERN } from '@/lib/order-service';
import type { Config } from '../config';
import type { DeliveryService } from '../delivery';
import { problem, rateLimit, type Env } from '../http';
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

const isRefund = (event: Event): event is RefundEvent =>
  event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
  event.event_type === 'PAYMENT.CAPTURE.REVERSED';

export function webhookRoutes(deps: {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  delivery: DeliveryService;
  log: Log;
}) {
  const { config, paypal, delivery, log } = deps;
  const webhooks = new Hono<Env>();

  webhooks.post(
    '/paypal',
    // PayPal's own events answer 2xx and are never limited; a client whose events keep failing
    // (forged, unsigned: each one costs a call to PayPal) is told to wait.
    rateLimit(config, config.rateLimit, {
      failuresOnly: true,
      message: 'Too many failed events. Please wait a minute.',
    }),
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => problem(c, 413, 'The event is too large.'),
    }),
    async (c) => {
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
        if (!(await paypal.verifyWebhook(signature, raw, config.paypal.webhookId))) {
          log.warn({ msg: 'webhook signature refused', type: event.event_type });
          return problem(c, 400, 'The signature does not verify.');
        }
        if (isRefund(event)) {
          await handleRefund(deps, event);
          return c.json({ ok: true });
        }
        if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') {
          return c.json({ ok: true, ignored: event.event_type });
        }
        const id = event.resource?.supplementary_data?.related_ids?.order_id;
        if (!id || !new RegExp(`^${ORDER_ID_PATTERN}$`).test(id)) {
          log.warn({ msg: 'webhook without an order id' });
          return c.json({ ok: true, ignored: 'no order id' });
        }
        const result = await delivery.deliver(id, { source: 'webhook' });
        log.info({ msg: 'webhook', orderId: id, result: result.kind });
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
