// The older confirmation call, from a checkout that created its order in the browser (orders in
// flight from before the service created them): POST /api/email/send-order-confirmation.
import { Hono } from 'hono';
import { confirmationSchema, type PendingAnswer } from './contract';
import { jsonBody, problem, type Env } from '../http';
import type { Log } from '../log';
import type { OrderService } from '../orders';
import { PayPalUnavailable } from '../paypal/client';
import { paypalUnreachable, receipt } from './orders';

/** Every refused confirmation: the same words, after the same time (longer than asking PayPal). */
export const REFUSAL = 'This order cannot be confirmed with these details.';
export const REFUSAL_MS = 500;

export function confirmationRoutes({
  orders,
  log,
  now,
}: {
  orders: OrderService;
  log: Log;
  now: () => number;
}) {
  return new Hono<Env>().post('/', ...jsonBody(confirmationSchema), async (c) => {
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
      return paypalUnreachable(c, log, id, error);
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
        return c.json(receipt(orders, result.order, result.created), 200);
    }
  });
}
