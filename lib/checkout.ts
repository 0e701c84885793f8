import * as z from 'zod/mini';
import { subtotalCents, type CartItem, type Catalog } from '@/lib/cart';
import { formatAmount } from '@/lib/money';
import { postToService } from '@/lib/order-service';

// Without eval: zod's compiled parsers would trip the site's Content-Security-Policy.
z.config({ jitless: true });

/** A field that must not be blank once trimmed. */
const filled = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/**
 * The buyer's details (step one), with the messages shown under each field. In Zod Mini, as the
 * checkout's browser bundle carries it: its functions tree-shake, where classic Zod's methods come
 * whole (15 KB more gzip on /checkout/). The service (server/app.ts) builds on the same fields.
 */
export const detailsSchema = z.object({
  name: filled('Please enter your name.'),
  email: z.pipe(filled('Please enter your email.'), z.email('Please enter a valid email address.')),
  phone: filled('Please enter your phone number.'),
  address: filled('Please enter your address.'),
});

export type Details = z.output<typeof detailsSchema>;
export type DetailsErrors = Partial<Record<keyof Details, string>>;

/** The details, or the first message for each field that is not right. */
export function validateDetails(
  input: Record<keyof Details, string>,
): { details: Details } | { errors: DetailsErrors } {
  const result = detailsSchema.safeParse(input);
  if (result.success) return { details: result.data };
  const errors: DetailsErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Details;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The order PayPal creates: one purchase unit for the catalog total, in the shop's currency. */
export function orderRequest(items: readonly CartItem[], catalog: Catalog, currency: string) {
  return {
    intent: 'CAPTURE' as const,
    purchase_units: [
      { amount: { currency_code: currency, value: formatAmount(subtotalCents(items, catalog)) } },
    ],
  };
}

/** What the order-confirmation service receives once the payment is captured. */
export function confirmationBody(
  details: Details,
  items: readonly CartItem[],
  catalog: Catalog,
  orderId: string,
) {
  return {
    customerDetails: {
      name: details.name,
      email: details.email,
      phone: details.phone,
      address: details.address,
    },
    purchasedItems: items.map((item) => item.name),
    totalAmount: formatAmount(subtotalCents(items, catalog)),
    orderId,
  };
}

export type ConfirmationBody = ReturnType<typeof confirmationBody>;

/**
 * A captured order whose confirmation has not been acknowledged yet. It is kept in session storage
 * so that a reload or a retry confirms the same order and never charges the buyer again.
 */
export const PENDING_KEY = 'pendingOrderConfirmation';

export function readPending(storage: Storage): ConfirmationBody | null {
  try {
    const value = JSON.parse(storage.getItem(PENDING_KEY) ?? 'null') as ConfirmationBody | null;
    return value && typeof value.orderId === 'string' && Array.isArray(value.purchasedItems)
      ? value
      : null;
  } catch {
    return null;
  }
}

/** Posts the confirmation; true when the service acknowledged it (any 2xx). */
export async function sendConfirmation(apiBase: string, body: ConfirmationBody): Promise<boolean> {
  const response = await postToService(apiBase, '/api/email/send-order-confirmation', body);
  return response?.ok ?? false;
}

export type CheckoutStep = 'pending-confirmation' | 'empty' | 'details' | 'payment';

/**
 * Which step the checkout shows. A captured order waiting for its confirmation comes first, so a
 * buyer who paid is never offered the payment button again; an empty cart cannot be paid for.
 */
export function checkoutStep(state: {
  pending: boolean;
  cartSize: number;
  hasDetails: boolean;
  editing: boolean;
}): CheckoutStep {
  if (state.pending) return 'pending-confirmation';
  if (state.cartSize === 0) return 'empty';
  if (state.editing || !state.hasDetails) return 'details';
  return 'payment';
}
