// Money given back at PayPal (a refund the studio made there, a reversal, a chargeback), read from
// its webhook event and confirmed by PayPal: the shop's orders and the weddings both take it.
import { parseAmount } from '@/lib/shared/money';
import type { PayPalClient } from './client';

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
