import { parseAmount } from '@/lib/money';
import {
  linesFromPayPal,
  PAYPAL_TEXT_MAX,
  type OrderLine,
  type OrderRequest,
  type PackRef,
  type PurchaseUnit,
} from '@/lib/order';

type Money = { currency_code: string; value: string };

export type PayPalCapture = {
  id: string;
  status: string;
  amount: Money;
  supplementary_data?: { related_ids?: { order_id?: string } };
};

/** The part of a PayPal Orders v2 order the service looks at. */
export type PayPalOrder = {
  id: string;
  intent?: string;
  status: string;
  create_time?: string;
  payer?: { email_address?: string; name?: { given_name?: string; surname?: string } };
  purchase_units?: (PurchaseUnit & { payments?: { captures?: PayPalCapture[] } })[];
};

/** The headers PayPal signs a webhook with (lower-case, as Node gives them). */
export const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export type WebhookSignature = Record<keyof typeof WEBHOOK_HEADERS, string>;

/** PayPal could not be asked (network, 5xx, refused credentials): worth retrying later. */
export class PayPalUnavailable extends Error {}

/** PayPal refused a request; `issue` is its name for why (ORDER_NOT_APPROVED, ...). */
export class PayPalRefused extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal refused: ${status} ${issue}`);
  }
}

/** The first issue PayPal names in an error body, else its error name. */
async function issueOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    name?: string;
    details?: { issue?: string }[];
  } | null;
  return body?.details?.[0]?.issue ?? body?.name ?? `HTTP_${response.status}`;
}

/**
 * A client for the calls the service makes: an OAuth access token (client credentials, kept until
 * shortly before it expires), an order, a capture, and the verification of a webhook's signature.
 */
export function createPayPalClient(options: {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}) {
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${options.apiBase}${path}`, {
      ...init,
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      throw new PayPalUnavailable(`PayPal unreachable (${path.split('/')[2]}): ${error.message}`);
    });
    if (response.status === 401) token = null;
    if (response.status >= 500 || response.status === 401 || response.status === 429) {
      throw new PayPalUnavailable(`PayPal answered ${response.status} (${path.split('/')[2]})`);
    }
    return response;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString(
      'base64',
    );
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${credentials}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PayPalUnavailable(`PayPal OAuth answered ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  /**
   * A POST that PayPal makes idempotent by its PayPal-Request-Id: the same id again answers the
   * first request's result instead of acting twice.
   */
  async function post<T>(path: string, body: unknown, requestId: string): Promise<T> {
    const response = await call(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        'PayPal-Request-Id': requestId,
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new PayPalRefused(response.status, await issueOf(response));
    return (await response.json()) as T;
  }

  async function get<T>(path: string): Promise<T | null> {
    const response = await call(path, {
      headers: { Authorization: `Bearer ${await accessToken()}` },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new PayPalUnavailable(`PayPal answered ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    /** Creates an order; `requestId` makes a repeated call create it once. */
    createOrder: (order: OrderRequest, requestId: string) =>
      post<PayPalOrder>('/v2/checkout/orders', order, requestId),

    /** Captures an approved order: the payment is taken. */
    captureOrder: (id: string, requestId: string) =>
      post<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, requestId),

    /** The order, or null when PayPal does not know it. */
    getOrder: (id: string) => get<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(id)}`),

    /** A capture (the "transaction id" of the buyer's PayPal receipt), or null. */
    getCapture: (id: string) =>
      get<PayPalCapture>(`/v2/payments/captures/${encodeURIComponent(id)}`),

    /**
     * Asks PayPal whether a webhook was signed by PayPal for our webhook id. The event goes back
     * exactly as it arrived (`rawEvent`, already checked to be a JSON object): PayPal checks its
     * signature over those bytes, which re-serialising could change.
     */
    async verifyWebhook(signature: WebhookSignature, rawEvent: string, webhookId: string) {
      const fields = JSON.stringify({ ...signature, webhook_id: webhookId });
      const response = await call('/v1/notifications/verify-webhook-signature', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
        },
        body: `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`,
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { verification_status?: string };
      return body.verification_status === 'SUCCESS';
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/** A paid order as PayPal holds it, checked against the catalogue. */
export type PaidOrder = {
  lines: OrderLine[];
  /** What was paid: the item total less the discount. */
  totalCents: number;
  discountCents: number;
  /** What the order carries in custom_id: see `readCustomId`. */
  custom: CustomId;
  /** When the order was created at PayPal: the moment a code had to be valid. */
  createdAt: number | null;
  payerEmail: string | null;
  payerName: string;
};

/** Captures whose money the studio keeps, in whole or in part (PayPal's capture statuses). */
const KEPT = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);

/** Whether PayPal holds the buyer's money for the order: a capture kept in whole or in part. */
export const moneyKept = (order: PayPalOrder) =>
  (order.purchase_units?.[0]?.payments?.captures ?? []).some((each) => KEPT.has(each.status));

/**
 * What PayPal's order says was bought and paid: 'pending' while its capture waits (an e-check,
 * a review), 'refunded' when every capture went back, a problem when it must not be delivered
 * (not completed, wrong currency, an item or amount that differs from what it was sold as,
 * captures that do not add up to the total). A capture partly refunded still counts as paid: the
 * studio keeps money for it, so it is delivered (the refund is the studio's to explain).
 */
export function paidOrder(
  order: PayPalOrder,
  packs: ReadonlyMap<string, PackRef>,
  currency: string,
): PaidOrder | { pending: string } | { refunded: string } | { problem: string } {
  const units = order.purchase_units ?? [];
  if (units.length !== 1) return { problem: `order has ${units.length} purchase units` };
  const unit = units[0]!;
  const captures = unit.payments?.captures ?? [];
  if (captures.some((capture) => capture.status === 'PENDING')) {
    return { pending: 'capture pending' };
  }
  if (order.status !== 'COMPLETED') return { problem: `order status is ${order.status}` };
  if (captures.length > 0 && !moneyKept(order)) {
    return { refunded: captures.map((capture) => capture.status).join(', ') };
  }
  const bought = linesFromPayPal(unit, packs, currency);
  if ('problem' in bought) return bought;
  let captured = 0;
  for (const capture of captures.filter((each) => KEPT.has(each.status))) {
    if (capture.amount.currency_code !== currency) {
      return { problem: `captured in ${capture.amount.currency_code}` };
    }
    captured += parseAmount(capture.amount.value) ?? Number.NaN;
  }
  if (captured !== bought.totalCents) {
    return { problem: `captured ${captured} cents, the catalogue total is ${bought.totalCents}` };
  }
  const created = order.create_time ? Date.parse(order.create_time) : Number.NaN;
  const name = order.payer?.name;
  return {
    lines: bought.lines,
    totalCents: bought.totalCents,
    discountCents: bought.discountCents,
    custom: readCustomId(unit.custom_id),
    createdAt: Number.isNaN(created) ? null : created,
    payerEmail: order.payer?.email_address ?? null,
    payerName: [name?.given_name, name?.surname].filter(Boolean).join(' '),
  };
}

/**
 * What an order's custom_id says: our reference (orders the service created), or, in an order a
 * browser created before that, the address given at checkout and the discount code ("email code").
 * Anyone can write custom_id from PayPal's JS SDK, so such an address counts only when it is one
 * plain address: never a list that would mail the links to several inboxes.
 */
export type CustomId =
  | { kind: 'reference'; ref: string }
  | { kind: 'legacy'; email: string | null; code: string | null };

const ONE_ADDRESS = /^[^\s@,;:<>()[\]"\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/** One plain address (no list, no display name, no comments), within RFC 5321's 254. */
export const isOneAddress = (text: string) => text.length <= 254 && ONE_ADDRESS.test(text);

export function readCustomId(value: string | undefined): CustomId {
  const text = (value ?? '').slice(0, PAYPAL_TEXT_MAX);
  if (/^SJ-[A-Z0-9]{12}$/.test(text)) return { kind: 'reference', ref: text };
  const [email, code, ...rest] = text.split(' ');
  return {
    kind: 'legacy',
    email: email && rest.length === 0 && isOneAddress(email) ? email : null,
    code: code || null,
  };
}
