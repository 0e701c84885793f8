import { z } from 'zod';
import { captureSchema, orderSchema, refundSchema, type Money, type OrderRequest } from './orders';

/** The headers PayPal signs a webhook with (lower-case, as Node gives them). */
export const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export type WebhookSignature = Record<keyof typeof WEBHOOK_HEADERS, string>;

/** A page of PayPal's Transaction Search: the parts the reconciliation reads. */
const transactionPageSchema = z.object({
  transaction_details: z
    .array(
      z.object({
        transaction_info: z
          .object({
            transaction_id: z.string().optional(),
            /** A refund's or reversal's: the capture it gives back (type "TXN"). */
            paypal_reference_id: z.string().optional(),
            transaction_event_code: z.string().optional(),
            transaction_status: z.string().optional(),
            custom_field: z.string().optional(),
            /** Negative for money given back. */
            transaction_amount: z
              .object({ currency_code: z.string(), value: z.string() })
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  total_pages: z.number().optional(),
});
export type TransactionPage = z.output<typeof transactionPageSchema>;

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const problemSchema = z
  .object({
    name: z.string().optional(),
    details: z.array(z.object({ issue: z.string().optional() })).optional(),
  })
  .nullable()
  .catch(null);

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
/** An answer read with its schema: one that does not read is PayPal not answering as documented. */
async function answerOf<T extends z.ZodType>(
  response: Response,
  schema: T,
  what: string,
): Promise<z.output<T>> {
  const read = schema.safeParse(await response.json().catch(() => undefined));
  if (!read.success) {
    throw new PayPalUnavailable(
      `PayPal's answer to ${what} does not read: ${read.error.issues[0]?.path.join('.') ?? ''} ${read.error.issues[0]?.message ?? ''}`,
    );
  }
  return read.data;
}

async function issueOf(response: Response): Promise<string> {
  const body = problemSchema.parse(await response.json().catch(() => null));
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
  /** How long one call may take before PayPal counts as unreachable. */
  timeoutMs?: number;
}) {
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${options.apiBase}${path}`, {
      ...init,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    }).catch((error: Error) => {
      throw new PayPalUnavailable(`PayPal unreachable (${path.split('/')[2]}): ${error.message}`);
    });
    if (response.status === 401) token = null;
    if (response.status >= 500 || response.status === 401 || response.status === 429) {
      throw new PayPalUnavailable(`PayPal answered ${response.status} (${path.split('/')[2]})`);
    }
    return response;
  }

  /** The token being fetched: a burst of requests waits for one fetch, never starts its own. */
  let fetching: Promise<string> | null = null;

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    fetching ??= fetchToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  async function fetchToken(): Promise<string> {
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
    const body = await answerOf(response, tokenSchema, 'OAuth');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  /**
   * A POST that PayPal makes idempotent by its PayPal-Request-Id: the same id again answers the
   * first request's result instead of acting twice.
   */
  async function post<T extends z.ZodType>(
    schema: T,
    path: string,
    body: unknown,
    requestId: string,
  ): Promise<z.output<T>> {
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
    return answerOf(response, schema, path);
  }

  async function get<T extends z.ZodType>(schema: T, path: string): Promise<z.output<T> | null> {
    const response = await call(path, {
      headers: { Authorization: `Bearer ${await accessToken()}` },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new PayPalUnavailable(`PayPal answered ${response.status}`);
    return answerOf(response, schema, path);
  }

  return {
    /** The PayPal API this client talks to (its host may serve webhook certificates too). */
    apiBase: options.apiBase,
    /** Creates an order; `requestId` makes a repeated call create it once. */
    createOrder: (order: OrderRequest, requestId: string) =>
      post(orderSchema, '/v2/checkout/orders', order, requestId),

    /** Captures an approved order: the payment is taken. */
    captureOrder: (id: string, requestId: string) =>
      post(orderSchema, `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, requestId),

    /** The order, or null when PayPal does not know it. */
    getOrder: (id: string) => get(orderSchema, `/v2/checkout/orders/${encodeURIComponent(id)}`),

    /** A capture (the "transaction id" of the buyer's PayPal receipt), or null. */
    getCapture: (id: string) =>
      get(captureSchema, `/v2/payments/captures/${encodeURIComponent(id)}`),

    /** Gives back part or all of a capture (a booking cancelled under its terms). */
    refundCapture: (id: string, amount: Money, requestId: string) =>
      post(
        refundSchema,
        `/v2/payments/captures/${encodeURIComponent(id)}/refund`,
        { amount },
        requestId,
      ),

    /** A refund, or null (a webhook's word for one is checked against it). */
    getRefund: (id: string) => get(refundSchema, `/v2/payments/refunds/${encodeURIComponent(id)}`),

    /**
     * One page of the studio's completed transactions between two moments (Transaction Search:
     * at most 31 days apart; PayPal lists a transaction up to three hours after it happened).
     */
    searchTransactions: async (start: Date, end: Date, page: number) => {
      const query = new URLSearchParams({
        start_date: start.toISOString().replace(/\.\d+Z$/, 'Z'),
        end_date: end.toISOString().replace(/\.\d+Z$/, 'Z'),
        transaction_status: 'S',
        fields: 'transaction_info',
        page_size: '500',
        page: String(page),
      });
      const answer = await get(transactionPageSchema, `/v1/reporting/transactions?${query}`);
      if (!answer) throw new PayPalUnavailable('PayPal answered 404 to a transaction search');
      return answer;
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;
