// An instalment paid through PayPal, by the service's own PayPal flow: the order asked for at the
// instalment's amount (its tax apart) and sealed in custom_id, captured by the service, and
// recorded once whoever reports it first (the page, PayPal's webhook, the reconciliation).
import { formatAmount, parseAmount } from '@/lib/shared/money';
import type { Instalment } from '@/lib/booking/schedule';
import { PAYPAL_TEXT_MAX, type OrderRequest, type PayPalOrder } from '../paypal/orders';
import { paymentCustomId } from './tokens';

/** The PayPal order for an instalment: one service item, its tax apart, sealed. */
export function instalmentOrder(
  secret: string,
  booking: { id: string; couple: string; currency: string },
  instalment: Instalment,
  label: string,
  studio: string,
  /** This payer's attempt: PayPal takes an invoice id once. */
  attempt: string,
): OrderRequest {
  const money = (cents: number) => ({
    currency_code: booking.currency,
    value: formatAmount(cents, booking.currency),
  });
  const net = instalment.cents - instalment.taxCents;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        description: `${studio}: ${booking.couple}`.slice(0, PAYPAL_TEXT_MAX),
        invoice_id: attempt.slice(0, 127),
        custom_id: paymentCustomId(
          secret,
          booking.id,
          instalment.id,
          instalment.cents,
          booking.currency,
        ),
        amount: {
          ...money(instalment.cents),
          breakdown: {
            item_total: money(net),
            ...(instalment.taxCents > 0 ? { tax_total: money(instalment.taxCents) } : {}),
          },
        },
        items: [
          {
            name: label.slice(0, PAYPAL_TEXT_MAX),
            sku: `${booking.id}-${instalment.id}`,
            unit_amount: money(net),
            ...(instalment.taxCents > 0 ? { tax: money(instalment.taxCents) } : {}),
            quantity: '1',
          },
        ],
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' },
      },
    },
  };
}

/** The completed capture of an order, with what it took, or null. */
export function completedCapture(order: PayPalOrder) {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.find((each) => each.status === 'COMPLETED');
  if (!unit || !capture) return null;
  return {
    unit,
    captureId: capture.id,
    cents: parseAmount(capture.amount.value),
    currency: capture.amount.currency_code,
  };
}

/** Who paid, as PayPal names them (the name typed on our page is kept when PayPal has none). */
export const payerOf = (order: PayPalOrder, typed: string) => {
  const name = [order.payer?.name?.given_name, order.payer?.name?.surname]
    .filter(Boolean)
    .join(' ');
  return typed || name || order.payer?.email_address || 'PayPal';
};
