// The browser's client of the order-confirmation service (server/): no zod here, so that every page
// can finish a pending order and the thank-you page stays light.
import type { AppliedDiscount, PackRef } from '@/lib/order';

/** A PayPal order id as the order-confirmation service accepts it (also a form's pattern). */
export const ORDER_ID_PATTERN = '[A-Za-z0-9\\-]{5,64}';

/** The confirmation call's body: the spec's fields plus PayPal's order id. */
export type ConfirmationBody = {
  customerDetails: { name: string; email: string; phone: string; address: string };
  purchasedItems: string[];
  totalAmount: string;
  orderId: string;
};

/**
 * An approved order whose payment and delivery the service has not acknowledged yet: the order,
 * and how it is finished. 'capture': the service created it and captures it; otherwise it is a
 * checkout's order from before that, finished by the spec's confirmation call.
 */
export type PendingOrder = ConfirmationBody & { via?: 'capture' };

/**
 * Why the service will not finish an order, for good: PayPal declined the payment, the order
 * cannot be paid, or its discount code's last use went to another order (nothing was charged
 * in these three); the payment was refunded before delivery; it was paid but needs the studio,
 * who was alerted; or the service does not know it.
 */
export type CaptureOutcome =
  'declined' | 'not-charged' | 'code-taken' | 'refunded' | 'paid-not-delivered' | 'unknown';

/** The service's answer to a confirmation: where the e-mail goes, and the buyer's own links. */
export type Receipt = {
  orderId: string;
  email: string;
  downloads: { name: string; url: string }[];
  expiresAt: number;
  /** What was paid, and the discount if a code applied (absent in an older receipt). */
  totalCents?: number;
  discount?: AppliedDiscount | null;
};

/** Why a code does not apply (server/codes.ts), or that the service could not be asked. */
export type DiscountProblem =
  'unknown' | 'expired' | 'used-up' | 'minimum' | 'not-applicable' | 'unreachable';

/** What a code does to these packs, as the service answers it: a preview, checked again later. */
export async function checkDiscount(
  apiBase: string,
  code: string,
  skus: string[],
): Promise<{ code: string; discountCents: number } | { problem: DiscountProblem }> {
  const response = await postToService(apiBase, '/api/discounts/check', { code, items: skus });
  const answer = (await response?.json().catch(() => null)) as {
    applies?: boolean;
    code?: string;
    discountCents?: number;
    reason?: DiscountProblem;
  } | null;
  if (!response?.ok || !answer) return { problem: 'unreachable' };
  if (answer.applies && answer.code && typeof answer.discountCents === 'number') {
    return { code: answer.code, discountCents: answer.discountCents };
  }
  return { problem: answer.reason ?? 'unreachable' };
}

/** POSTs JSON to the order-confirmation service; the response, or null when it is unreachable. */
export async function postToService(apiBase: string, path: string, body: unknown) {
  try {
    return await fetch(`${apiBase.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/** Whether the service answers at all: asked before the checkout offers to pay. */
export async function serviceReachable(apiBase: string): Promise<boolean> {
  try {
    return (await fetch(`${apiBase.replace(/\/+$/, '')}/health`)).ok;
  } catch {
    return false;
  }
}

/** What the checkout asks the service to create at PayPal. */
export type NewOrderBody = {
  items: string[];
  /** The packs' total the page showed, before any discount: the service charges no other. */
  shownTotalCents: number;
  customer: ConfirmationBody['customerDetails'];
  code?: string;
  fundingSource?: string;
};

/** A pack as the service sells it now. */
export type SoldPack = PackRef;

/**
 * Why the service did not create the order (nothing charged): the page showed other prices (the
 * packs asked for that are still sold, at today's prices), a pack's files are not ready, the code
 * does not apply, or no answer.
 */
export type NotCreated =
  { reason: 'prices-changed' | 'unavailable'; packs: SoldPack[] } | { problem: DiscountProblem };

const isSoldPack = (pack: unknown): pack is SoldPack =>
  !!pack &&
  typeof (pack as SoldPack).slug === 'string' &&
  typeof (pack as SoldPack).name === 'string' &&
  Number.isInteger((pack as SoldPack).priceCents);

/** Has the service create the PayPal order: its id, or why it did not. */
export async function createOrder(
  apiBase: string,
  body: NewOrderBody,
): Promise<{ id: string } | NotCreated> {
  const response = await postToService(apiBase, '/api/orders', body);
  const answer = (await response?.json().catch(() => null)) as {
    id?: string;
    reason?: string;
    packs?: unknown;
  } | null;
  if (response?.ok && answer?.id) return { id: answer.id };
  if (
    response?.status === 409 &&
    (answer?.reason === 'prices-changed' || answer?.reason === 'unavailable') &&
    Array.isArray(answer.packs) &&
    answer.packs.every(isSoldPack)
  ) {
    return { reason: answer.reason, packs: answer.packs };
  }
  const problem = response?.status === 422 && (answer?.reason as DiscountProblem | undefined);
  return { problem: problem || 'unreachable' };
}

/** The service's answers that will not change on a retry (others: unreachable, limited, down). */
const FINAL_STATUSES = [400, 404, 409, 410, 422];

/**
 * Finishes an approved order: the receipt once the service has it paid and delivered (or the
 * payment pending), a final outcome when it never will, or null when it could not be asked (try
 * again: nobody is charged twice).
 */
export async function finishOrder(
  apiBase: string,
  body: PendingOrder,
): Promise<Receipt | { final: CaptureOutcome } | null> {
  const response =
    body.via === 'capture'
      ? await postToService(apiBase, `/api/orders/${encodeURIComponent(body.orderId)}/capture`, {
          email: body.customerDetails.email,
        })
      : await postToService(apiBase, '/api/email/send-order-confirmation', body);
  if (!response) return null;
  const answer = (await response.json().catch(() => null)) as
    (Partial<Receipt> & { outcome?: CaptureOutcome }) | null;
  if (FINAL_STATUSES.includes(response.status)) {
    // The confirmation call is made after PayPal took the money: its refusal needs the studio.
    return {
      final: body.via === 'capture' ? (answer?.outcome ?? 'unknown') : 'paid-not-delivered',
    };
  }
  if (!response.ok) return null;
  return {
    orderId: body.orderId,
    email: answer?.email ?? body.customerDetails.email,
    downloads: Array.isArray(answer?.downloads) ? answer.downloads : [],
    expiresAt: typeof answer?.expiresAt === 'number' ? answer.expiresAt : 0,
    totalCents: answer?.totalCents,
    discount: answer?.discount ?? null,
  };
}

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
  readStored<PendingOrder>(
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

/**
 * Finishes a pending order; once the service settled it, forgets it, and keeps the receipt for
 * the thank-you page. Storage that is disabled or full only costs the reload guarantee.
 */
export async function finishPending(
  apiBase: string,
  body: PendingOrder,
): ReturnType<typeof finishOrder> {
  const result = await finishOrder(apiBase, body);
  if (!result) return null;
  try {
    window.localStorage.removeItem(PENDING_KEY);
    if (!('final' in result)) window.sessionStorage.setItem(RECEIPT_KEY, JSON.stringify(result));
  } catch {
    // storage disabled: nothing was kept, nothing to forget
  }
  return result;
}

/**
 * Asks the service for something it e-mails (fresh links, every order of an address): 'sent'
 * (its answer is the same whether or not the order or address exists), the service's own message
 * when it refused, or 'unreachable'.
 */
export async function requestByEmail(
  apiBase: string,
  path: '/api/orders/resend' | '/api/orders/all',
  body: { orderId: string; email: string } | { email: string },
): Promise<'sent' | 'unreachable' | { error: string }> {
  const response = await postToService(apiBase, path, body);
  if (!response) return 'unreachable';
  if (response.ok) return 'sent';
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return answer?.error ? { error: answer.error } : 'unreachable';
}
