import type { OrderService } from './';
import type { OrderStores } from './context';
import type { Log } from '../log';
import type { GivenBack, RefundEvent } from '../paypal/refunds';

/**
 * A shop order's payment went back: the capture says which order, and whether all of it went
 * back: then the order's links stop working; a partial refund only tells the studio, once per
 * event.
 */
export function handleRefund(
  { store, orders, log }: { store: OrderStores; orders: OrderService; log: Log },
  event: RefundEvent,
  { capture, id, cents }: GivenBack,
) {
  const order = store.findOrder(capture.supplementary_data?.related_ids?.order_id ?? '');
  log.info({ msg: 'refund event', orderId: order?.id, type: event.event_type });
  if (!order) return;
  // The money given back, for the tax report: each refund once, by PayPal's id for it.
  if (id && cents && cents > 0) orders.recordRefund(order, { id, cents });
  if (order.status === 'refunded') return;
  orders.refund(
    order,
    event.event_type,
    ['REFUNDED', 'REVERSED'].includes(capture.status),
    event.id ?? `${event.event_type}:${capture.id}`,
  );
}
