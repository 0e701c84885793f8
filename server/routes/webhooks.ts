// PayPal's webhooks: an order approved (captured and delivered, whether or not the buyer's tab
// is still open), a capture completed (delivered from PayPal's own order, whether or not the
// buyer's browser ever came back), refunded or reversed. A failure answers 5xx, so that PayPal
// tries again later.
import type { Deps } from '../deps';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ORDER_ID_PATTERN } from '@/lib/shared/order';
import type { OrderService } from '../orders';
import type { OrderStores } from '../orders/context';
import type { Context } from 'hono';
import { clientKey, problem, type Env } from '../http';
import { PayPalUnavailable, WEBHOOK_HEADERS, type WebhookSignature } from '../paypal/client';
import type { PaymentHandler } from '../paypal/handlers';
import { handleRefund } from '../orders/refunds';
import { readRefund, type RefundEvent } from '../paypal/refunds';
import { CertificateUnavailable, webhookVerifier } from '../paypal/webhook-signature';
import { webhookHints } from '../paypal/webhook-hints';
import path from 'node:path';

/** The part of any PayPal event the service reads (a refund's, RefundEvent, among them). */
const eventSchema = z.object({
  id: z.string().optional(),
  event_type: z.string().optional(),
  resource: z
    .object({
      id: z.string().optional(),
      /** A capture's own custom_id, or an order's in its purchase units: whose payment it is. */
      custom_id: z.string().optional(),
      purchase_units: z.array(z.object({ custom_id: z.string().optional() })).optional(),
      links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
      amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
        .optional(),
    })
    .optional(),
});
type Event = z.output<typeof eventSchema>;

const isOrderId = (id: unknown): id is string =>
  typeof id === 'string' && new RegExp(`^${ORDER_ID_PATTERN}$`).test(id);

/**
 * What a hint asks PayPal about, as one key: the kind of event and the resource it names (so an
 * approval and a completion of one order are each asked), or null.
 */
function resourceOf(event: Event): string | null {
  const named = resourceId(event);
  return named && `${event.event_type}:${named}`;
}

/** The PayPal resource an event names, or null. */
function resourceId(event: Event): string | null {
  const id = event.resource?.id;
  const orderId = event.resource?.supplementary_data?.related_ids?.order_id;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return isOrderId(id) ? id : null;
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
      return isOrderId(orderId) ? orderId : null;
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED':
      return typeof id === 'string' && /^[A-Z0-9]{1,36}$/.test(id) ? id : null;
    default:
      return null;
  }
}

const isRefund = (event: Event): event is RefundEvent =>
  event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
  event.event_type === 'PAYMENT.CAPTURE.REVERSED';

export function webhookRoutes(
  deps: Pick<Deps<OrderStores>, 'config' | 'store' | 'paypal' | 'log'> & {
    orders: OrderService;
    /** The features that claim their own payments and refunds (the booking's); the rest are the shop's. */
    handlers: readonly PaymentHandler[];
    /** After a refund or reversal: the order's reviews are withdrawn. */
    afterRefund: () => void;
  },
) {
  const { config, paypal, orders, log } = deps;
  const webhooks = new Hono<Env>();
  const verifier = webhookVerifier({
    apiBase: paypal.apiBase,
    webhookId: config.paypal.webhookId,
    directory: path.join(path.dirname(config.databasePath), 'paypal-certificates'),
  });
  const hints = webhookHints();
  const source = clientKey(config);

  webhooks.post(
    '/paypal',
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
        event = eventSchema.parse(JSON.parse(raw));
      } catch {
        return problem(c, 400, 'The event is not a JSON object.');
      }
      if (Object.values(signature).some((value) => !value)) {
        log.warn({ msg: 'webhook without a signature' });
        return problem(c, 400, 'The event is not signed.');
      }
      try {
        // The signature first, whoever sends it, checked here: a forged event costs no call to
        // PayPal and waits behind nothing.
        let verified: boolean;
        try {
          verified = await verifier.verify(signature, raw);
        } catch (error) {
          if (!(error instanceof CertificateUnavailable)) throw error;
          // Not checkable now: a hint. PayPal is asked for what it names (below), at most once
          // per resource in a window and a few times a minute per client.
          const resource = resourceOf(event);
          if (!resource) return c.json({ ok: true, ignored: 'nothing to look up' });
          const admitted = hints.admit(source(c), resource);
          log.warn({
            msg: 'webhook unverified: asking PayPal',
            type: event.event_type,
            reason: error.message,
            admitted,
          });
          if (admitted !== 'ask') {
            return problem(c, 503, 'The event could not be checked now; try again later.');
          }
          return await handle(event, false);
        }
        if (!verified) {
          log.warn({ msg: 'webhook signature refused', type: event.event_type });
          return problem(c, 400, 'The signature does not verify.');
        }
        return await handle(event, true);
      } catch (error) {
        if (!(error instanceof PayPalUnavailable)) throw error;
        log.error({ msg: 'PayPal unavailable for a webhook', error: error.message });
        return problem(c, 503, 'PayPal could not be asked; try again.');
      }

      /**
       * Acts on an event. `signed`: its signature verified; else only what PayPal answers for the
       * resource it names is acted on (an approval is a capture PayPal refuses unless the buyer
       * approved, a completion reads PayPal's order, a refund and a denial are read back).
       */
      async function handle(event: Event, signed: boolean) {
        const claimed = await claimPayment(event);
        if (claimed) return c.json({ ok: true, claimed });
        if (isRefund(event)) {
          const givenBack = await readRefund(paypal, event, signed);
          if (!givenBack) return c.json({ ok: true, ignored: 'not confirmed by PayPal' });
          // A capture a feature claims (a wedding's): it records the refund.
          if (deps.handlers.some((handler) => handler.givenBack(givenBack)))
            return c.json({ ok: true, claimed: 'refund' });
          handleRefund(deps, event, givenBack);
          deps.afterRefund();
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
        if (event.event_type === 'PAYMENT.CAPTURE.DENIED') {
          // A pending payment PayPal did not complete (an e-check bounced): nothing was paid,
          // and the code's use it held goes back.
          const id = event.resource?.supplementary_data?.related_ids?.order_id;
          if (isOrderId(id) && (signed || (await deniedAtPayPal(id)))) orders.denied(id);
          log.info({ msg: 'webhook', type: event.event_type, orderId: id });
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
      }
    },
  );

  /** An approval or a completed capture a feature claims as its own: what it did, or null. */
  async function claimPayment(event: Event): Promise<string | null> {
    const id =
      event.event_type === 'CHECKOUT.ORDER.APPROVED'
        ? event.resource?.id
        : event.event_type === 'PAYMENT.CAPTURE.COMPLETED'
          ? event.resource?.supplementary_data?.related_ids?.order_id
          : undefined;
    if (!isOrderId(id)) return null;
    const customIds = [
      event.resource?.custom_id,
      ...(event.resource?.purchase_units ?? []).map((unit) => unit.custom_id),
    ];
    for (const handler of deps.handlers) {
      const done = await handler.paid(id, customIds);
      if (done) return done;
    }
    return null;
  }

  /** Whether PayPal's own order holds a denied capture (a pending payment it did not complete). */
  async function deniedAtPayPal(orderId: string) {
    const order = await paypal.getOrder(orderId);
    const captures = order?.purchase_units?.[0]?.payments?.captures ?? [];
    return captures.some((capture) => ['DECLINED', 'FAILED'].includes(capture.status));
  }

  return webhooks;
}
