// The browser's client of the order service (server/): Hono's typed client over the API's own
// type (server/routes/api.ts, imported as a type only), so that a changed request or answer fails
// the type check here, and no zod (nor any service code) reaches the browser: every page can
// finish a pending order while the thank-you page stays light.
import 'client-only';
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import type { CaptureOutcome, CodeProblem } from '@/lib/shared/order';
import type { CreatedAnswer } from '@/server/routes/contract';
import { VAT_CHECKS, type BusinessBuyer } from '@/lib/shared/tax';
import type { OrderApi } from '@/server/routes/api';
import type { HealthApi } from '@/server/routes/health';
import {
  PENDING_KEY,
  pendingSummary,
  RECEIPT_KEY,
  type Receipt,
  type UnconfirmedOrder,
} from './order-storage';

export type { CaptureOutcome, Receipt, UnconfirmedOrder };

const client = (apiBase: string) => hc<OrderApi>(`${apiBase.replace(/\/+$/, '')}/api`);
type Api = ReturnType<typeof client>;
type Capture = Api['orders'][':id']['capture']['$post'];
type Confirmation = Api['email']['send-order-confirmation']['$post'];
/** A paid order's answer: delivered, or its payment pending at PayPal. */
type Settled = InferResponseType<Capture, 200 | 202> | InferResponseType<Confirmation, 200 | 202>;

/** What the checkout's PayPal button sends to create its order. */
export type NewOrderRequest = InferRequestType<Api['orders']['$post']>['json'];

/** Why a code does not apply (lib/shared/order.ts), or that the service could not be asked. */
export type DiscountProblem = CodeProblem | 'unreachable';

/** A pack as the service sells it now. */
export type SoldPack = Extract<
  InferResponseType<Api['orders']['$post'], 409>,
  { packs: unknown }
>['packs'][number];

/**
 * Why the service did not create the order (nothing charged): the page showed other prices (the
 * packs asked for that are still sold, at today's prices), a pack's files are not ready, a pack is
 * asked for beside a bundle that holds it, the code does not apply, or no answer.
 */
export type NotCreated =
  | {
      reason: 'prices-changed' | 'unavailable' | 'in-bundle';
      packs: SoldPack[];
      /** With in-bundle: an item holding every pack of the order for less. */
      cheaper?: SoldPack;
    }
  /** The shop cannot sell where the buyer is, or needs their province (`place` names where). */
  | { reason: 'cannot-sell-there' | 'region-needed'; place: string }
  /** VIES answers otherwise about the VAT number than the page showed: its answer now. */
  | { vatChanged: BusinessBuyer }
  | { problem: DiscountProblem };

/**
 * The service's answer, or null when it is unreachable; its body, or null when it is not JSON (a
 * proxy's error page): read defensively all the same, since a cached page may meet a newer service.
 */
const asked = async <Answer>(request: () => Answer): Promise<Awaited<Answer> | null> => {
  try {
    return await request();
  } catch {
    return null;
  }
};

/**
 * What a code does to these packs, as the service answers it: a preview, checked again later.
 * `pricedNet`: the country a business's prices are net of the VAT of (its number confirmed).
 */
export async function checkDiscount(
  apiBase: string,
  code: string,
  skus: string[],
  pricedNet?: string,
): Promise<{ code: string; discountCents: number } | { problem: DiscountProblem }> {
  const response = await asked(() =>
    client(apiBase).discounts.check.$post({
      json: { code, items: skus, ...(pricedNet ? { pricedNet } : {}) },
    }),
  );
  const answer = response?.status === 200 ? await asked(() => response.json()) : null;
  if (!answer) return { problem: 'unreachable' };
  if (answer.applies) return { code: answer.code, discountCents: answer.discountCents };
  return { problem: answer.reason ?? 'unreachable' };
}

const isBusinessBuyer = (
  value: Partial<BusinessBuyer> | null | undefined,
): value is BusinessBuyer =>
  typeof value?.number === 'string' && (VAT_CHECKS as readonly unknown[]).includes(value.check);

/**
 * What VIES says of a business buyer's VAT number, asked as they continue from their details; a
 * service that cannot be asked is VIES unavailable to the buyer (the price then includes VAT).
 */
export async function checkVatNumber(
  apiBase: string,
  country: string,
  vatNumber: string,
): Promise<BusinessBuyer> {
  const response = await asked(() =>
    client(apiBase)['vat-number'].$post({ json: { country, vatNumber } }),
  );
  const answer = response?.status === 200 ? await asked(() => response.json()) : null;
  return isBusinessBuyer(answer) ? answer : { number: vatNumber, check: 'unavailable' };
}

/** Whether the service answers at all: asked before the checkout offers to pay. */
export async function serviceReachable(apiBase: string): Promise<boolean> {
  try {
    return (await hc<HealthApi>(`${apiBase.replace(/\/+$/, '')}/health`).index.$get()).ok;
  } catch {
    return false;
  }
}

const isSoldPack = (pack: Partial<SoldPack> | null): pack is SoldPack =>
  !!pack &&
  typeof pack.slug === 'string' &&
  typeof pack.name === 'string' &&
  Number.isInteger(pack.priceCents);

/** Has the service create the PayPal order: its id, or why it did not. */
export async function createOrder(
  apiBase: string,
  body: NewOrderRequest,
): Promise<CreatedAnswer | NotCreated> {
  const response = await asked(() => client(apiBase).orders.$post({ json: body }));
  if (response?.status === 201) {
    const created = await asked(() => response.json());
    if (created?.id) return created;
  } else if (response?.status === 409) {
    const notCreated = await asked(() => response.json());
    if (notCreated?.reason === 'vat-changed' && isBusinessBuyer(notCreated.vatNumber)) {
      return { vatChanged: notCreated.vatNumber };
    }
    if (
      notCreated &&
      'packs' in notCreated &&
      (notCreated.reason === 'prices-changed' ||
        notCreated?.reason === 'unavailable' ||
        notCreated?.reason === 'in-bundle') &&
      Array.isArray(notCreated.packs) &&
      notCreated.packs.every(isSoldPack)
    ) {
      const cheaper = 'cheaper' in notCreated ? notCreated.cheaper : undefined;
      return {
        reason: notCreated.reason,
        packs: notCreated.packs,
        ...(cheaper && isSoldPack(cheaper) ? { cheaper } : {}),
      };
    }
  } else if (response?.status === 422) {
    const refused = await asked(() => response.json());
    if (refused && 'place' in refused) return { reason: refused.reason, place: refused.place };
    if (refused?.reason) return { problem: refused.reason };
  }
  return { problem: 'unreachable' };
}

/** The service's answers that will not change on a retry (others: unreachable, limited, down). */
const isFinal = (status: number) => [400, 404, 409, 410, 422].includes(status);

/** The receipt of a paid order (or one whose payment is pending), from the service's answer. */
const receiptOf = (order: UnconfirmedOrder, answer: Settled | null): Receipt => {
  const delivered = answer && 'expiresAt' in answer ? answer : null;
  return {
    orderId: order.orderId,
    email: (answer && 'email' in answer && answer.email) || pendingSummary(order).email,
    downloads: Array.isArray(answer?.downloads) ? answer.downloads : [],
    expiresAt: typeof delivered?.expiresAt === 'number' ? delivered.expiresAt : 0,
    totalCents: delivered?.totalCents,
    ...(Array.isArray(delivered?.lines) ? { lines: delivered.lines } : {}),
    discount: delivered?.discount ?? null,
    ...(delivered?.tax ? { tax: delivered.tax } : {}),
    ...(answer && 'pending' in answer && answer.pending ? { pending: true } : {}),
  };
};

/**
 * Finishes an approved order: the receipt once the service has it paid and delivered (or the
 * payment pending), a final outcome when it never will, or null when it could not be asked (try
 * again: nobody is charged twice).
 */
export async function finishOrder(
  apiBase: string,
  body: UnconfirmedOrder,
): Promise<Receipt | { final: CaptureOutcome } | null> {
  const api = client(apiBase);
  if (body.via === 'capture') {
    const response = await asked(() =>
      api.orders[':id'].capture.$post({
        param: { id: encodeURIComponent(body.orderId) },
        json: { email: body.email },
      }),
    );
    if (!response) return null;
    if (response.status === 404 || response.status === 409 || response.status === 422) {
      return { final: (await asked(() => response.json()))?.outcome ?? 'unknown' };
    }
    if (isFinal(response.status)) return { final: 'unknown' };
    return response.ok ? receiptOf(body, await asked(() => response.json())) : null;
  }
  // The older flow (PendingConfirmation): the older call's body, as it was stored.
  const { customerDetails, purchasedItems, totalAmount, orderId } = body;
  const response = await asked(() =>
    api.email['send-order-confirmation'].$post({
      json: { customerDetails, purchasedItems, totalAmount, orderId },
    }),
  );
  if (!response) return null;
  // The confirmation call is made after PayPal took the money: its refusal needs the studio.
  if (isFinal(response.status)) return { final: 'paid-not-delivered' };
  return response.ok ? receiptOf(body, await asked(() => response.json())) : null;
}

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
  { email, orderId = '' }: { email: string; orderId?: string },
): Promise<'sent' | 'unreachable' | { error: string }> {
  const { orders } = client(apiBase);
  const response = await asked(() =>
    path === '/api/orders/resend'
      ? orders.resend.$post({ json: { orderId, email } })
      : orders.all.$post({ json: { email } }),
  );
  if (!response) return 'unreachable';
  if (response.ok) return 'sent';
  const answer = await asked(() => response.json());
  return answer?.error ? { error: answer.error } : 'unreachable';
}
