// The booking's history as the studio reads it (its audit log's details): what happened, in words
// and money ("Retainer CA$2,000.00 paid by Simran Sandhu through PayPal"), never cents or ids.
import { formatMoney } from '@/lib/shared/money';
import type { RefundReason } from './money-store';

const REASONS: Record<RefundReason, string> = {
  cancellation: 'under the cancellation terms',
  paypal: 'refunded in PayPal',
  reversal: 'reversed by the payer’s bank or card (a chargeback)',
};

/**
 * "Retainer CA$2,000.00 paid by Simran Sandhu through PayPal"; `by`: "PayPal", or the studio's
 * word for another way (content/booking.json `studio.methods`).
 */
export const paidLine = (
  label: string,
  money: { cents: number; currency: string },
  payer: string,
  by: string,
) => `${label} ${formatMoney(money.cents, money.currency)} paid by ${payer} through ${by}`;

/** "CA$1,325.00 of Balance for Sangeet given back under the cancellation terms". */
export const refundLine = (
  label: string,
  money: { cents: number; currency: string },
  reason: RefundReason,
) => `${formatMoney(money.cents, money.currency)} of ${label} given back ${REASONS[reason]}`;

/** What a cancellation's terms give back, as fixed when it was taken. */
export const cancellingLine = (money: { cents: number; currency: string }) =>
  money.cents > 0
    ? `The terms give back ${formatMoney(money.cents, money.currency)}`
    : 'The terms give nothing back';
