import * as z from 'zod/mini';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import type { OrderLine, PackRef } from '@/lib/shared/order';

/** A field that must not be blank once trimmed. */
const filled = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/**
 * The buyer's details (step one), with the messages shown under each field. In Zod Mini, as the
 * checkout's browser code carries it: its functions tree-shake, where classic Zod's methods come
 * whole (15 KB more gzip on /checkout/). The service (server/routes/contract.ts) builds on the same fields.
 */
export const detailsSchema = z.object({
  name: filled('Please enter your name.'),
  email: z.pipe(
    filled('Please enter your email.'),
    z.email('Please enter a valid email address.').check(
      // RFC 5321: at most 64 characters before the @, 254 in all.
      z.maxLength(254, 'Please enter a valid email address.'),
      z.refine((email) => email.indexOf('@') <= 64, 'Please enter a valid email address.'),
    ),
  ),
  phone: filled('Please enter your phone number.'),
  address: filled('Please enter your address.'),
});

export type Details = z.output<typeof detailsSchema>;
export type DetailsErrors = Partial<Record<keyof Details, string>>;

/**
 * The buyer at the checkout's first step: their details and where they are (a country, and a
 * province where the rate depends on it), which settles the tax their price includes.
 */
/** The buyer's details, where they are, and a business's VAT number (EU, optional). */
export type Buyer = Details & { country: string; region?: string; vatNumber?: string };
export type BuyerErrors = DetailsErrors & { country?: string; region?: string; vatNumber?: string };

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

/**
 * The older confirmation call's body (POST /api/email/send-order-confirmation), which
 * server/routes/contract.ts validates (its schema's input must be this very type: checked there). Only
 * the older flow uses it: an order a checkout created in the browser (PendingConfirmation).
 */
export type ConfirmationRequest = {
  customerDetails: Details;
  purchasedItems: string[];
  totalAmount: string;
  orderId: string;
};

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

/**
 * What the buyer is told when the shop's prices are not the ones the page showed: the general
 * sentence, then each pack whose price changed and each pack no longer sold.
 */
export function priceChanges(
  lines: readonly OrderLine[],
  sold: readonly PackRef[],
  currency: string,
  messages: { pricesChanged: string; priceChanged: string; packWithdrawn: string },
): string {
  const now = new Map(sold.map((pack) => [pack.slug, pack]));
  const changes = lines.flatMap((line) => {
    const pack = now.get(line.slug);
    if (!pack) return [fillIn(messages.packWithdrawn, { name: line.name })];
    if (pack.priceCents === line.priceCents) return [];
    return [
      fillIn(messages.priceChanged, {
        name: pack.name,
        price: formatPrice(pack.priceCents, currency),
      }),
    ];
  });
  return [messages.pricesChanged, ...changes].join(' ');
}
