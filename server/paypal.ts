import { parseAmount } from '@/lib/money';

type Money = { currency_code: string; value: string };

/** The part of a PayPal Orders v2 order the service looks at. */
export type PayPalOrder = {
  id: string;
  status: string;
  purchase_units?: {
    amount?: Money;
    payments?: { captures?: { id: string; status: string; amount: Money }[] };
  }[];
};

/** PayPal could not be asked (network, 5xx, refused credentials): worth retrying later. */
export class PayPalUnavailable extends Error {}

/**
 * A client for the two calls the service needs: an OAuth access token (client credentials, kept
 * until shortly before it expires) and GET /v2/checkout/orders/{id}.
 */
export function createPayPalClient(options: {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}) {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString(
      'base64',
    );
    const response = await fetch(`${options.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${credentials}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      throw new PayPalUnavailable(`PayPal OAuth unreachable: ${error.message}`);
    });
    if (!response.ok) throw new PayPalUnavailable(`PayPal OAuth answered ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  return {
    /** The order, or null when PayPal does not know it. */
    async getOrder(id: string): Promise<PayPalOrder | null> {
      const response = await fetch(
        `${options.apiBase}/v2/checkout/orders/${encodeURIComponent(id)}`,
        {
          headers: { Authorization: `Bearer ${await accessToken()}` },
          signal: AbortSignal.timeout(10_000),
        },
      ).catch((error: Error) => {
        throw new PayPalUnavailable(`PayPal Orders API unreachable: ${error.message}`);
      });
      if (response.status === 404) return null;
      if (response.status === 401) token = null;
      if (!response.ok)
        throw new PayPalUnavailable(`PayPal Orders API answered ${response.status}`);
      return (await response.json()) as PayPalOrder;
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/**
 * Why an order must not be delivered, or null when it was paid in full: COMPLETED, one purchase
 * unit in the shop's currency, and completed captures adding up to exactly the expected total.
 */
export function orderProblem(
  order: PayPalOrder,
  expectedCents: number,
  currency: string,
): string | null {
  if (order.status !== 'COMPLETED') return `order status is ${order.status}, not COMPLETED`;
  const units = order.purchase_units ?? [];
  if (units.length !== 1) return `order has ${units.length} purchase units`;
  const captures = (units[0]!.payments?.captures ?? []).filter(
    (capture) => capture.status === 'COMPLETED',
  );
  if (captures.length === 0) return 'order has no completed capture';
  let captured = 0;
  for (const capture of captures) {
    if (capture.amount.currency_code !== currency) {
      return `captured in ${capture.amount.currency_code}, not ${currency}`;
    }
    const cents = parseAmount(capture.amount.value);
    if (cents === null) return `captured amount "${capture.amount.value}" is not an amount`;
    captured += cents;
  }
  if (captured !== expectedCents) {
    return `captured ${captured} cents, the catalogue total is ${expectedCents}`;
  }
  return null;
}
