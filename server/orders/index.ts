// The order service: an order's use cases, each in its own module, over one shared context.
//   create.ts      the checkout's order, created at PayPal at the prices the page showed
//   capture.ts     the buyer approved it: captured and delivered in one call
//   settle.ts      a paid order delivered from PayPal's word (capture, webhook, recovery)
//   deliver.ts     a paid order delivered to whichever path asks first (webhook, recovery, and
//                  the older confirmation call of checkouts that created their order in the browser)
//   restore.ts     a paid order the database lacks, taken back from PayPal's record
//   legacy.ts      the older flow: orders a browser created at PayPal (goes when server/README.md says)
//   after-sale.ts  links shown again, sent again, stopped by a refund
//   refunds.ts     PayPal's refund and reversal events, read into the above
//   recovery.ts    fresh links asked for by a buyer, from PayPal's record if need be
//   reconcile.ts   after a database restore: every payment PayPal received, delivered if lacking
//   stuck.ts       an error of ours on a buyer's order: answered in words, the studio told
//   states.ts      the states an order goes through, which the store enforces
//   context.ts     what they share (the store, PayPal, the catalogue, mail)
import type { Member } from '@/lib/shared/order';
import type { BusinessBuyer } from '@/lib/shared/tax';
import { formatVatNumber, type VatNumber } from '@/lib/shared/vat-number';
import type { OrderRecord } from './records';
import { downloads, recordRefund, refund, resend } from './after-sale';
import { capture } from './capture';
import { orderContext, type Claim, type OrderDeps } from './context';
import { createOrder, packsMissing, type NewOrder } from './create';
import { deliver } from './deliver';
import { stuck } from './stuck';

export function createOrderService(deps: OrderDeps) {
  const ctx = orderContext(deps);
  return {
    create: (input: NewOrder) => createOrder(ctx, input),
    /**
     * What VIES says of a business buyer's VAT number, as the checkout continues: its answer of
     * the day, which the order is then priced by (create.ts asks the same).
     */
    async vatNumber(number: VatNumber): Promise<BusinessBuyer> {
      const { check } = await ctx.vies.check(number);
      return { number: formatVatNumber(number), check };
    },
    /** Since when PayPal refuses the orders the shop asks for, and why; null while it takes them. */
    failing: () => ctx.health.failing,
    capture: (orderId: string, email: string | null) =>
      capture(ctx, orderId, email).catch((error: unknown) => stuck(ctx, orderId, email, error)),
    deliver: (orderId: string, claim: Claim) => deliver(ctx, orderId, claim),
    /** An error of ours while a buyer's order was handled: answered in words, the studio told. */
    stuck: (orderId: string, email: string | null, error: unknown) =>
      stuck(ctx, orderId, email, error),
    downloads: (order: OrderRecord) => downloads(ctx, order),
    resend: (order: OrderRecord) => resend(ctx, order),
    /** A sold pack's file is missing at download: the studio is told once per pack. */
    packMissing: (pack: Member) => packsMissing(ctx, [pack], 'download', 'download'),
    refund: (order: OrderRecord, why: string, full: boolean, eventId: string) =>
      refund(ctx, order, why, full, eventId),
    /** Money given back, recorded once with its tax (PayPal's id for it, its cents). */
    recordRefund: (order: OrderRecord, given: { id: string; cents: number }) =>
      recordRefund(ctx, order, given),
    /** PayPal denied a pending payment: the order stays unpaid, its code's use goes back. */
    denied(orderId: string) {
      const order = ctx.store.findOrder(orderId);
      if (order?.status !== 'created' || !order.discountCode || !order.ref) return;
      ctx.store.releaseCode(order.discountCode, order.ref);
      ctx.log.info({ msg: 'pending payment denied', orderId });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
export type { Claim, Delivery } from './context';
export type { NewOrder, NotCreated } from './create';
export type { Declined } from './capture';
