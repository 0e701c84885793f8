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
import type { ReceiptLine } from '@/server/routes/contract';

/**
 * An approved order the service created and captures: what finishing it needs (its id, the address
 * its links go to), and what the page says of it meanwhile (the packs, the total it showed).
 */
export type PendingCapture = {
  via: 'capture';
  orderId: string;
  email: string;
  items: string[];
  totalCents: number;
};

/**
 * An approved order a checkout created in the browser, before the service created orders: the
 * older confirmation call's body, finished by that call. It goes with that call (server/README.md,
 * "the older flow").
 */
export type PendingConfirmation = ConfirmationRequest & { via?: undefined };

/** An approved order whose payment and delivery the service has not acknowledged yet. */
export type UnconfirmedOrder = PendingCapture | PendingConfirmation;

/** What the page says of a pending order, whichever flow finishes it. */
export function pendingSummary(order: UnconfirmedOrder) {
  return order.via === 'capture'
    ? {
        orderId: order.orderId,
        email: order.email,
        items: order.items,
        totalCents: order.totalCents,
      }
    : {
        orderId: order.orderId,
        email: order.customerDetails.email,
        items: order.purchasedItems,
        totalCents: Math.round(Number(order.totalAmount) * 100),
      };
}

/** What the thank-you page shows of a confirmed order: where the e-mail went, the links. */
export type Receipt = Pick<
  InferResponseType<ReturnType<typeof hc<OrderApi>>['orders'][':id']['capture']['$post'], 200>,
  'orderId' | 'email' | 'downloads' | 'expiresAt'
> & {
  /** What was bought, a bundle with its packs (absent in an older receipt). */
  lines?: ReceiptLine[];
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

/**
 * A modern order as the site stored it before 28 November 2026: the older call's body with `via`.
 * Read as a PendingCapture, so that a buyer who paid then still gets it finished.
 */
type CaptureStoredBefore = {
  via: 'capture';
  orderId: string;
  customerDetails: { email: string };
  purchasedItems: string[];
  totalAmount: string;
};

export function readPending(storage: Storage): UnconfirmedOrder | null {
  const stored = readStored<UnconfirmedOrder | CaptureStoredBefore>(
    storage,
    PENDING_KEY,
    (value) =>
      typeof value.orderId === 'string' &&
      ('email' in value
        ? value.via === 'capture' &&
          typeof value.email === 'string' &&
          Array.isArray(value.items) &&
          Number.isInteger(value.totalCents)
        : Array.isArray(value.purchasedItems) &&
          typeof value.customerDetails?.email === 'string' &&
          typeof value.totalAmount === 'string'),
  );
  if (stored?.via !== 'capture' || 'email' in stored) return stored;
  return {
    via: 'capture',
    orderId: stored.orderId,
    email: stored.customerDetails.email,
    items: stored.purchasedItems,
    totalCents: Math.round(Number(stored.totalAmount) * 100),
  };
}

/** The last confirmed order of this tab, which the thank-you page shows. */
export const RECEIPT_KEY = 'orderReceipt';

export const readReceipt = (storage: Storage) =>
  readStored<Receipt>(
    storage,
    RECEIPT_KEY,
    (value) => typeof value.email === 'string' && Array.isArray(value.downloads),
  );

/** A receipt's line as stored (which anyone can edit): shown only when it has the shape. */
export const isReceiptLine = (line: Partial<ReceiptLine> | null): line is ReceiptLine =>
  typeof line?.name === 'string' &&
  Number.isInteger(line.priceCents) &&
  (line.packs === undefined ||
    (Array.isArray(line.packs) && line.packs.every((pack) => typeof pack === 'string')));
