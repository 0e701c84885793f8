// The browser's client of the order service (server/): its requests and answers are the service's
// own (server/contract.ts), imported as types only, so that no zod (nor any service code) reaches
// the browser and every page can finish a pending order while the thank-you page stays light.
import 'client-only';
import type { AppliedDiscount } from '@/lib/shared/order';
import type {
  CaptureOutcome,
  CaptureRefusedAnswer,
  CodeRefusedAnswer,
  ConfirmationRequest,
  CreatedAnswer,
  DeliveredAnswer,
  DiscountAnswer,
  NewOrderRequest,
  NotCreatedAnswer,
  PendingAnswer,
  ProblemAnswer,
  AllOrdersRequest,
  CaptureRequest,
  DiscountCheckRequest,
  ResendRequest,
} from '@/server/contract';

export type { CaptureOutcome, ConfirmationRequest, NewOrderRequest };

/**
 * An approved order whose payment and delivery the service has not acknowledged yet: the order,
 * and how it is finished. 'capture': the service created it and captures it; otherwise it is a
 * checkout's order from before that, finished by the older confirmation call.
 */
export type UnconfirmedOrder = ConfirmationRequest & { via?: 'capture' };

/** What the thank-you page shows of a confirmed order: where the e-mail went, the links. */
export type Receipt = Pick<DeliveredAnswer, 'orderId' | 'email' | 'downloads' | 'expiresAt'> & {
  /** What was paid, and the discount if a code applied (absent in an older receipt). */
  totalCents?: number;
  discount?: AppliedDiscount | null;
};

/** Why a code does not apply (server/codes.ts), or that the service could not be asked. */
export type DiscountProblem = CodeRefusedAnswer['reason'] | 'unreachable';

/** A pack as the service sells it now. */
export type SoldPack = NotCreatedAnswer['packs'][number];

/**
 * Why the service did not create the order (nothing charged): the page showed other prices (the
 * packs asked for that are still sold, at today's prices), a pack's files are not ready, the code
 * does not apply, or no answer.
 */
export type NotCreated =
  { reason: NotCreatedAnswer['reason']; packs: SoldPack[] } | { problem: DiscountProblem };

/** What a code does to these packs, as the service answers it: a preview, checked again later. */
export async function checkDiscount(
  apiBase: string,
  code: string,
  skus: string[],
): Promise<{ code: string; discountCents: number } | { problem: DiscountProblem }> {
  const response = await postToService<DiscountCheckRequest>(apiBase, '/api/discounts/check', {
    code,
    items: skus,
  });
  const answer = response?.ok ? await answerOf<DiscountAnswer>(response) : null;
  if (!answer) return { problem: 'unreachable' };
  if (answer.applies) return { code: answer.code, discountCents: answer.discountCents };
  return { problem: answer.reason ?? 'unreachable' };
}

/** POSTs JSON to the order service; the response, or null when it is unreachable. */
async function postToService<Body>(apiBase: string, path: string, body: Body) {
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

/**
 * The answer's body as the service's contract types it, or null when it is not JSON (a proxy's
 * error page): read defensively all the same, since a cached page may meet a newer service.
 */
const answerOf = async <Answer>(response: Response | null) =>
  ((await response?.json().catch(() => null)) ?? null) as Answer | null;

/** Whether the service answers at all: asked before the checkout offers to pay. */
export async function serviceReachable(apiBase: string): Promise<boolean> {
  try {
    return (await fetch(`${apiBase.replace(/\/+$/, '')}/health`)).ok;
  } catch {
    return false;
  }
}

const isSoldPack = (pack: unknown): pack is SoldPack =>
  !!pack &&
  typeof (pack as SoldPack).slug === 'string' &&
  typeof (pack as SoldPack).name === 'string' &&
  Number.isInteger((pack as SoldPack).priceCents);

/** Has the service create the PayPal order: its id, or why it did not. */
export async function createOrder(
  apiBase: string,
  body: NewOrderRequest,
): Promise<{ id: string } | NotCreated> {
  const response = await postToService<NewOrderRequest>(apiBase, '/api/orders', body);
  if (response?.ok) {
    const created = await answerOf<CreatedAnswer>(response);
    if (created?.id) return { id: created.id };
  } else if (response?.status === 409) {
    const notCreated = await answerOf<NotCreatedAnswer>(response);
    if (
      (notCreated?.reason === 'prices-changed' || notCreated?.reason === 'unavailable') &&
      Array.isArray(notCreated.packs) &&
      notCreated.packs.every(isSoldPack)
    ) {
      return { reason: notCreated.reason, packs: notCreated.packs };
    }
  } else if (response?.status === 422) {
    const refused = await answerOf<CodeRefusedAnswer>(response);
    if (refused?.reason) return { problem: refused.reason };
  }
  return { problem: 'unreachable' };
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
  body: UnconfirmedOrder,
): Promise<Receipt | { final: CaptureOutcome } | null> {
  const { via, ...confirmation } = body;
  const response =
    via === 'capture'
      ? await postToService<CaptureRequest>(
          apiBase,
          `/api/orders/${encodeURIComponent(body.orderId)}/capture`,
          { email: body.customerDetails.email },
        )
      : await postToService<ConfirmationRequest>(
          apiBase,
          '/api/email/send-order-confirmation',
          confirmation,
        );
  if (!response) return null;
  if (FINAL_STATUSES.includes(response.status)) {
    // The confirmation call is made after PayPal took the money: its refusal needs the studio.
    if (via !== 'capture') return { final: 'paid-not-delivered' };
    return { final: (await answerOf<CaptureRefusedAnswer>(response))?.outcome ?? 'unknown' };
  }
  if (!response.ok) return null;
  const answer = await answerOf<DeliveredAnswer | PendingAnswer>(response);
  const delivered = answer && 'expiresAt' in answer ? answer : null;
  return {
    orderId: body.orderId,
    email: answer?.email ?? body.customerDetails.email,
    downloads: Array.isArray(answer?.downloads) ? answer.downloads : [],
    expiresAt: typeof delivered?.expiresAt === 'number' ? delivered.expiresAt : 0,
    totalCents: delivered?.totalCents,
    discount: delivered?.discount ?? null,
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

/**
 * Finishes a pending order; once the service settled it, forgets it, and keeps the receipt for
 * the thank-you page. Storage that is disabled or full only costs the reload guarantee.
 */
export async function finishPending(
  apiBase: string,
  body: UnconfirmedOrder,
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
 * Asks the service for something it e-mails (fresh links, every order of an address): 'sent', the
 * service's own words when nothing was sent (no paid order of that id for that address, the
 * hourly limit), or 'unreachable'.
 */
export async function requestByEmail(
  apiBase: string,
  path: '/api/orders/resend' | '/api/orders/all',
  body: ResendRequest | AllOrdersRequest,
): Promise<'sent' | 'unreachable' | { error: string }> {
  const response = await postToService(apiBase, path, body);
  if (!response) return 'unreachable';
  if (response.ok) return 'sent';
  const answer = await answerOf<ProblemAnswer>(response);
  return answer?.error ? { error: answer.error } : 'unreachable';
}
