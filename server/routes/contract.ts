// The contract between the site's browser and the service's API: what each route accepts (the zod
// schemas the routes validate with) and what it answers (the types its handlers must satisfy).
// The browser's client (lib/browser/order-client.ts) imports these as types only, so that a changed
// request or answer fails the type check on the other side, and no zod reaches the browser.
import { z } from 'zod';
import { isCountry } from '@/lib/shared/countries';
import {
  detailsSchema,
  type ConfirmationRequest as SharedConfirmationRequest,
} from '@/lib/shared/checkout';
import {
  FUNDING_SOURCES,
  ORDER_ID_PATTERN,
  type AppliedDiscount,
  type CaptureOutcome,
  type CodeProblem,
  type PackRef,
} from '@/lib/shared/order';
import { VAT_CHECKS, type BusinessBuyer, type TaxStatement } from '@/lib/shared/tax';
import { readVatNumber } from '@/lib/shared/vat-number';

/** Whether the runtime knows this IANA time zone. */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const orderIdSchema = z
  .string()
  .regex(new RegExp(`^${ORDER_ID_PATTERN}$`), 'must be a PayPal order id');

const packId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a pack id');
const customer = z.strictObject(detailsSchema.shape);

/**
 * Where the buyer is, as they chose it at the checkout: a country (ISO 3166-1 alpha-2) and, where
 * the rate depends on it, a province. Optional to the service, which pages from before tax do not
 * send (PayPal's payer country then settles the tax); the checkout always sends the country.
 */
const place = {
  country: z
    .string()
    .refine((code) => isCountry(code), 'must be a country code (ISO 3166-1 alpha-2), such as DE')
    .optional(),
  region: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be the code of a province or state, such as ON')
    .optional(),
  /** A business buyer's VAT number (EU), as typed: checked at VIES when the order is created. */
  vatNumber: z.string().trim().min(1).max(30).optional(),
};

/**
 * POST /api/orders, from the checkout's PayPal button: packs by slug, the total the page showed
 * for them (before any discount), the buyer and where they are, perhaps a code.
 */
export const newOrderSchema = z.strictObject({
  items: z
    .array(packId)
    .min(1, 'must name at least one pack')
    .max(50)
    .refine((items) => new Set(items).size === items.length, 'must not name a pack twice'),
  shownTotalCents: z.number().int().positive().max(100_000_000),
  customer: customer
    .extend(place)
    .refine(
      ({ country, vatNumber }) => !vatNumber || (country && readVatNumber(country, vatNumber)),
      {
        path: ['vatNumber'],
        error: "must be a VAT number of the buyer's country (EU), such as DE136695976",
      },
    ),
  /**
   * The buyer's time zone (IANA: "Europe/Berlin"): the e-mail gives times in it too. One this
   * service does not know is dropped, never a reason to refuse the order.
   */
  timeZone: z
    .string()
    .max(64)
    .transform((zone) => (isTimeZone(zone) ? zone : undefined))
    .optional()
    .catch(undefined),
  /** What the page showed of VIES's answer about the VAT number (POST /api/vat-number). */
  vatCheck: z.enum(VAT_CHECKS).optional(),
  code: z.string().trim().min(1).max(64).optional(),
  fundingSource: z.enum(FUNDING_SOURCES).optional(),
});
export type NewOrderRequest = z.input<typeof newOrderSchema>;

/** POST /api/orders/:id/capture: the buyer's address, which must be the order's. */
export const captureSchema = z.strictObject({ email: detailsSchema.shape.email });
export type CaptureRequest = z.input<typeof captureSchema>;

/**
 * POST /api/email/send-order-confirmation: the older confirmation call, from a checkout that
 * created its order in the browser (lib/shared/checkout.ts confirmationRequest). Nothing more is accepted.
 */
export const confirmationSchema = z.strictObject({
  customerDetails: customer,
  purchasedItems: z
    .array(z.string().min(1).max(200))
    .min(1, 'must name at least one item')
    .max(50)
    .refine((items) => new Set(items).size === items.length, 'must not name an item twice'),
  totalAmount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'must be an amount with two decimals'),
  orderId: orderIdSchema,
});
export type ConfirmationRequest = z.input<typeof confirmationSchema>;
/** The body the site builds (lib/shared/checkout.ts) is exactly what this schema takes. */
export type ConfirmationBodiesMatch = Holds<Same<ConfirmationRequest, SharedConfirmationRequest>>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/**
 * POST /api/vat-number, as a business buyer continues from their details: what VIES says of their
 * VAT number, so that the payment step says it (and prices the order by it) before PayPal.
 */
export const vatNumberSchema = z
  .strictObject({
    country: place.country.unwrap(),
    vatNumber: z.string().trim().min(1).max(30),
  })
  .refine(({ country, vatNumber }) => readVatNumber(country, vatNumber), {
    path: ['vatNumber'],
    error: "must be a VAT number of the buyer's country (EU), such as DE136695976",
  });
export type VatNumberRequest = z.input<typeof vatNumberSchema>;

/** 200 from POST /api/vat-number: the number as VIES was asked it, and its answer. */
export type VatNumberAnswer = BusinessBuyer;

/**
 * POST /api/discounts/check: what a code does to these packs; `pricedNet`, for a business whose
 * VAT number VIES confirmed: its prices net of the VAT of that country, as its order is.
 */
export const discountCheckSchema = z.strictObject({
  code: z.string().trim().min(1).max(64),
  items: z.array(packId).min(1).max(50),
  pricedNet: place.country.unwrap().optional(),
});
export type DiscountCheckRequest = z.input<typeof discountCheckSchema>;

/** POST /api/orders/resend: fresh links for one order. */
export const resendSchema = z.strictObject({
  orderId: orderIdSchema,
  email: detailsSchema.shape.email,
});
export type ResendRequest = z.input<typeof resendSchema>;

/** POST /api/orders/all: every order of an address. */
export const allOrdersSchema = z.strictObject({ email: detailsSchema.shape.email });
export type AllOrdersRequest = z.input<typeof allOrdersSchema>;

/** Every refusal carries the service's own words for it. */
export type ProblemAnswer = { error: string };

/**
 * 201 from POST /api/orders: PayPal's order id, and, where the buyer gave a VAT number, what VIES
 * said of it (`valid`: reverse-charged; else the price includes VAT as for a consumer).
 */
export type CreatedAnswer = { id: string; vatNumber?: BusinessBuyer };

/**
 * 409 from POST /api/orders, nothing charged: the page showed other prices, a pack's file is not
 * ready, or a pack is asked for on its own beside an item that holds it (`in-bundle`). `packs`:
 * the packs asked for that are still sold, at today's prices; for `in-bundle`, the packs paid twice.
 */
export type NotCreatedAnswer = ProblemAnswer & {
  reason: 'prices-changed' | 'unavailable' | 'in-bundle';
  packs: PackRef[];
  /** With in-bundle: an item that holds every pack of the order for less, where there is one. */
  cheaper?: PackRef;
};

/**
 * 422 from POST /api/orders, nothing created: the shop cannot sell where the buyer is yet (a scheme
 * the studio has not registered for: `place` names it), or the rate there depends on a province
 * the buyer did not give.
 */
export type PlaceRefusedAnswer = ProblemAnswer & {
  reason: 'cannot-sell-there' | 'region-needed';
  place: string;
};

/**
 * 409 from POST /api/orders, nothing created: VIES answers otherwise about the VAT number than the
 * page showed (and priced); its answer now, for the page to show before the buyer pays.
 */
export type VatChangedAnswer = ProblemAnswer & { reason: 'vat-changed'; vatNumber: BusinessBuyer };

/** 422 from POST /api/orders: the code does not apply. */
export type CodeRefusedAnswer = ProblemAnswer & { reason: CodeProblem };

/** 200 from the capture and the confirmation: the order paid and delivered. */
export type DeliveredAnswer = {
  ok: true;
  orderId: string;
  /** Where the e-mail with the links went. */
  email: string;
  totalCents: number;
  /** What was bought, as the e-mail lists it: each item at its price, a bundle with its packs. */
  lines: ReceiptLine[];
  discount: AppliedDiscount | null;
  /** The tax the total includes, as the receipt states it (absent where it includes none). */
  tax?: TaxStatement;
  /** The buyer's own links, which the thank-you page shows. */
  downloads: { name: string; url: string }[];
  expiresAt: number;
  /** Another call delivered it first. */
  alreadyConfirmed?: true;
};

/** An item of a delivered order: its name and price, and the packs a bundle held when sold. */
export type ReceiptLine = { name: string; priceCents: number; packs?: string[] };

/** 202 from the capture and the confirmation: paid, the payment still pending at PayPal. */
export type PendingAnswer = {
  ok: true;
  orderId: string;
  email?: string;
  pending: true;
  downloads: [];
};

/** 404, 409 or 422 from the capture: its outcome, for good. */
export type CaptureRefusedAnswer = ProblemAnswer & {
  outcome: CaptureOutcome;
  /** Declined: the buyer may pay again with another card. */
  restart?: boolean;
  /** Code taken: which one. */
  code?: string;
};

/** 200 from POST /api/discounts/check: a preview; the order applies the code for good. */
export type DiscountAnswer =
  | { applies: false; reason: CodeProblem }
  | {
      applies: true;
      code: string;
      discountCents: number;
      itemTotalCents: number;
      totalCents: number;
    };

/** 202 from resend (links sent) and all (the same whether or not the address has orders). */
export type AcceptedAnswer = { ok: true; message: string };

/** 404, 409 or 429 from POST /api/orders/resend: why no links were sent, in words for the buyer. */
export type FreshLinksRefusedAnswer = ProblemAnswer & {
  outcome: 'limited' | 'pending' | 'needs-studio' | 'not-found';
};
