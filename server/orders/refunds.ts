import { parseAmount } from '@/lib/shared/money';
import type { OrderService } from './';
import type { Log } from '../log';
import type { PayPalClient } from '../paypal/client';
import type { Store } from '../store';

/** The part of a PayPal refund or reversal event the service reads. */
export type RefundEvent = {
  id?: string;
  event_type: 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED';
  resource?: {
    id?: string;
    links?: { rel: string; href: string }[];
    /** A refund's amount (a reversal's is its capture's). */
    amount?: { currency_code: string; value: string };
  };
};

/**
 * A payment went back. A refund's resource is the refund, pointing "up" to its capture; a
 * reversal's is the capture. The capture (asked of PayPal, not taken from the event) says which
 * order, and whether all of it went back: then the order's links stop working; a partial refund
 * only tells the studio, once per event.
 */
export async function handleRefund(
  {
    paypal,
    store,
    orders,
    log,
  }: {
    paypal: PayPalClient;
    store: Store;
    orders: OrderService;
    log: Log;
  },
  event: RefundEvent,
  /** Whether the event's signature verified: else the refund is read back from PayPal. */
  signed = true,
) {
  const named = event.resource ?? {};
  const resource =
    signed || event.event_type === 'PAYMENT.CAPTURE.REVERSED' || !named.id
      ? named
      : await paypal.getRefund(named.id);
  if (!resource) return;
  const captureId =
    event.event_type === 'PAYMENT.CAPTURE.REVERSED'
      ? resource.id
      : resource.links
          ?.find((link) => link.rel === 'up')
          ?.href.split('/')
          .pop();
  const capture = captureId ? await paypal.getCapture(captureId) : null;
  const order = store.findOrder(capture?.supplementary_data?.related_ids?.order_id ?? '');
  log.info({ msg: 'refund event', orderId: order?.id, type: event.event_type });
  const reversal = event.event_type === 'PAYMENT.CAPTURE.REVERSED';
  if (!capture || !order || (!signed && reversal && capture.status !== 'REVERSED')) return;
  // The money given back, for the tax report: each refund once, by PayPal's id for it.
  const cents = parseAmount((reversal ? capture.amount : resource.amount)?.value ?? '');
  const id = reversal ? `reversal:${capture.id}` : resource.id;
  if (id && cents && cents > 0) orders.recordRefund(order, { id, cents });
  if (order.status === 'refunded') return;
  orders.refund(
    order,
    event.event_type,
    ['REFUNDED', 'REVERSED'].includes(capture.status),
    event.id ?? `${event.event_type}:${capture.id}`,
  );
}
