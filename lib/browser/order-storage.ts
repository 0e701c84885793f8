// What the browser keeps of an order between visits: the approved order the service has not
// acknowledged yet (local storage) and the receipt the thank-you page shows (session storage).
// Apart from the order client, so that every page can look for a pending order without loading
// the client: it is imported only when there is one to finish.
import 'client-only';
import type { hc, InferResponseType } from 'hono/client';
import type { ConfirmationRequest } from '@/lib/shared/checkout';
import type { AppliedDiscount } from '@/lib/shared/order';
import type { TaxStatement } from '@/lib/shared/tax';
import type { OrderApi } from '@/server/routes/api';

/**
 * An approved order whose payment and delivery the service has not acknowledged yet: the order,
 * and how it is finished. 'capture': the service created it and captures it; otherwise it is a
 * checkout's order from before that, finished by the older confirmation call.
 */
export type UnconfirmedOrder = ConfirmationRequest & { via?: 'capture' };

/** What the thank-you page shows of a confirmed order: where the e-mail went, the links. */
export type Receipt = Pick<
  InferResponseType<ReturnType<typeof hc<OrderApi>>['orders'][':id']['capture']['$post'], 200>,
  'orderId' | 'email' | 'downloads' | 'expiresAt'
> & {
  /** What was paid, and the discount if a code applied (absent in an older receipt). */
  totalCents?: number;
  discount?: AppliedDiscount | null;
  /** PayPal still processes the payment (an e-check, a review): the links follow by e-mail. */
  pending?: boolean;
  /** The tax the total includes (absent where it includes none, and in an older receipt). */
  tax?: TaxStatement;
};

/**
 * An approved order the service has not acknowledged yet. It is kept in local storage, so that a
 * retry, a reload or the site reopened after a crash finishes the same order and never charges
 * the buyer again.
 */
export const PENDING_KEY = 'pendingOrderConfirmation';

/** A value kept in storage, which anyone can edit: null unless it parses and has the shape. */
function readStored<T>(storage: Storage, key: string, valid: (value: T) => boolean): T | null {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as T | null;
    return value && valid(value) ? value : null;
  } catch {
    return null;
  }
}

export const readPending = (storage: Storage) =>
  readStored<UnconfirmedOrder>(
    storage,
    PENDING_KEY,
    (value) =>
      typeof value.orderId === 'string' &&
      Array.isArray(value.purchasedItems) &&
      typeof value.customerDetails?.email === 'string',
  );

/** The last confirmed order of this tab, which the thank-you page shows. */
export const RECEIPT_KEY = 'orderReceipt';

export const readReceipt = (storage: Storage) =>
  readStored<Receipt>(
    storage,
    RECEIPT_KEY,
    (value) => typeof value.email === 'string' && Array.isArray(value.downloads),
  );
