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

/** A refund or reversal as PayPal holds it: its capture, the money and the id it is kept by. */
export type GivenBack = {
  capture: NonNullable<Awaited<ReturnType<PayPalClient['getCapture']>>>;
  /** PayPal's id for the refund, or 'reversal:' and the capture's id (its event names no other). */
  id: string | null;
  cents: number | null;
  reversal: boolean;
};

/**
 * What an event says went back, read from PayPal: a refund's resource is the refund, pointing
 * "up" to its capture; a reversal's is the capture. The capture is asked of PayPal, not taken
 * from the event; an unsigned refund is read back too. Null when PayPal does not confirm it.
 */
export async function readRefund(
  paypal: PayPalClient,
  event: RefundEvent,
  /** Whether the event's signature verified. */
  signed: boolean,
): Promise<GivenBack | null> {
  const named = event.resource ?? {};
  const reversal = event.event_type === 'PAYMENT.CAPTURE.REVERSED';
  const resource = signed || reversal || !named.id ? named : await paypal.getRefund(named.id);
  if (!resource) return null;
  const captureId = reversal
    ? resource.id
    : resource.links
        ?.find((link) => link.rel === 'up')
        ?.href.split('/')
        .pop();
  const capture = captureId ? await paypal.getCapture(captureId) : null;
  if (!capture || (!signed && reversal && capture.status !== 'REVERSED')) return null;
  return {
    capture,
    id: reversal ? `reversal:${capture.id}` : (resource.id ?? null),
    cents: parseAmount((reversal ? capture.amount : resource.amount)?.value ?? ''),
    reversal,
  };
}

/**
 * A shop order's payment went back: the capture says which order, and whether all of it went
 * back: then the order's links stop working; a partial refund only tells the studio, once per
 * event.
 */
export function handleRefund(
  { store, orders, log }: { store: Store; orders: OrderService; log: Log },
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
