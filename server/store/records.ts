// What the store keeps, as the service reads and writes it.
import type { DiscountRule, OrderLine } from '@/lib/shared/order';
import type { SaleTerms } from '@/lib/node/shop-catalog';
import type { Message } from '../mail/transport';
import type { OrderTax } from '../tax/order-tax';
import type { OrderState } from '../orders/states';

/**
 * How the service learnt of the order: 'checkout' created it at PayPal itself; 'browser', 'webhook'
 * and 'recovery' found a paid order that a browser had created (checkouts from before the service
 * created orders).
 */
export type OrderSource = 'checkout' | 'browser' | 'webhook' | 'recovery';

export type OrderRecord = {
  /** PayPal's order id. */
  id: string;
  /** Our reference (invoice_id and custom_id at PayPal), for orders the service created. */
  ref: string | null;
  email: string;
  name: string;
  phone: string;
  address: string;
  lines: OrderLine[];
  /** What was paid: the packs' catalogue total less the discount. */
  totalCents: number;
  currency: string;
  discountCode: string | null;
  discountCents: number;
  source: OrderSource;
  /** Where it is in its life: see `../orders/states.ts`. */
  status: OrderState;
  createdAt: number;
  /**
   * The terms of sale as the site stated them when the order was made (refund days, licence and
   * its version): its e-mails repeat them, whatever the terms have become since. Null for orders
   * from before the terms were recorded, or when the catalogue stated none.
   */
  terms: SaleTerms | null;
  /**
   * The tax its total includes and the evidence of where the buyer is (server/tax/order-tax.ts). Null for
   * orders sold before tax, and for orders a browser created at PayPal.
   */
  tax: OrderTax | null;
  /**
   * The buyer's time zone as the checkout gave it (IANA: "Europe/Berlin"): the e-mail gives the
   * links' expiry in it beside UTC. Null or absent where none was given (restored orders, say).
   */
  timeZone?: string | null;
};

/** Money given back on an order: PayPal's id for the refund, the cents, the tax in them. */
export type RefundRecord = {
  id: string;
  orderId: string;
  cents: number;
  taxCents: number;
  at: number;
};

export type LinkRecord = {
  id: string;
  orderId: string;
  /** The pack's sku (its slug): the name of its file in the packs folder. */
  pack: string;
  expiresAt: number;
  /** How much of the pack it has sent, in millionths of the file: 1,000,000 is one copy. */
  used: number;
  /** When newer links replaced it, or its order was refunded. */
  revokedAt: number | null;
};

/**
 * What an outbox message is: the buyer's order e-mail marks the order delivered once it is sent;
 * the reminder to review waits days, and is cancelled by a review or a refund.
 */
export type MessageKind = 'buyer' | 'studio' | 'links' | 'alert' | 'reminder' | 'review';

export type OutboxRecord = {
  id: number;
  orderId: string | null;
  kind: MessageKind;
  message: Message;
  attempts: number;
};

export type OrderRow = Omit<OrderRecord, 'lines' | 'terms' | 'tax'> & {
  lines: string;
  terms: string | null;
  tax: string | null;
};

/** A discount code and its terms, as the studio sets them with `npm run codes`. */
export type CodeRecord = DiscountRule & {
  expiresAt: number | null;
  usageLimit: number | null;
  disabled: boolean;
  createdAt: number;
  /** Known again from a paid order's seal after a restore (never sold until the studio adds it). */
  restoredAt?: number | null;
};

export type CodeRow = Omit<CodeRecord, 'packs' | 'disabled'> & {
  packs: string | null;
  disabled: number;
};
export type NewLink = Omit<LinkRecord, 'used' | 'revokedAt'>;
export type NewMessage = {
  orderId: string | null;
  kind: MessageKind;
  message: Message;
  /** When it is first due (default: at once). */
  at?: number;
};

/** A buyer's review of a pack of an order: the file in content/reviews/ it was written to. */
export type ReviewRecord = {
  orderId: string;
  pack: string;
  file: string;
  createdAt: number;
  updatedAt: number;
  /** When its file was marked withdrawn (its order refunded in full), else null. */
  withdrawnAt: number | null;
};

/** One copy of a file, in the unit of `LinkRecord.used`. */
export const COPY = 1_000_000;
