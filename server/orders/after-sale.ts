// What happens to a recorded order later: its links shown again, sent again, or stopped by a refund.
import { deliveredPacks } from '@/lib/shared/order';
import { COPY } from '../downloads/store';
import type { OrderRecord } from './records';
import { refundNotice } from '../mail/studio';
import type { OrderContext } from './context';
import { refundedTax } from '../tax/order-tax';

/** The order's links that still work, newest per pack, as the buyer's receipt shows them. */
export function downloads(ctx: OrderContext, order: OrderRecord) {
  const { config, store, now } = ctx;
  const budget = config.downloadLimit * COPY;
  const live = store.liveLinks(order.id, now()).filter((link) => link.used < budget);
  return deliveredPacks(order.lines).flatMap((pack) => {
    const link = live.find((each) => each.pack === pack.slug);
    // The buyer's own browser fetches the file itself, without the page the e-mail opens.
    return link
      ? [{ name: pack.name, url: `${ctx.linkUrl(link)}/file`, expiresAt: link.expiresAt }]
      : [];
  });
}

/**
 * Money given back (`given`: PayPal's id for the refund and its cents) is recorded once, with the
 * tax in it, for the quarter's report, whatever the order's state.
 */
export function recordRefund(
  ctx: OrderContext,
  order: OrderRecord,
  given: { id: string; cents: number },
) {
  const earlier = ctx.store.refundsOf(order.id).filter((each) => each.id !== given.id);
  ctx.store.recordRefund({
    id: given.id,
    orderId: order.id,
    cents: given.cents,
    taxCents: refundedTax(order, earlier, given.cents),
    at: ctx.now(),
  });
}

/**
 * The payment went back (a full refund, a reversal): the order's links stop working and the
 * studio is told. A partial refund only tells the studio.
 */
export function refund(
  ctx: OrderContext,
  order: OrderRecord,
  why: string,
  full: boolean,
  eventId: string,
) {
  const { store, outbox, log, now, studioAddress } = ctx;
  // A full refund withdraws the order's reviews (reviews/index.ts marks their files): named here.
  const reviews = full ? store.reviewsOf(order.id).map((review) => review.file) : [];
  const notice = {
    orderId: order.id,
    kind: 'alert' as const,
    message: refundNotice(order.id, why, full, studioAddress(), reviews),
  };
  if (full) store.refundOrder(order.id, notice, now());
  // Each partial refund once, however often PayPal sends its event.
  else if (!store.queueOnce(`event:${eventId}`, [notice], now())) return;
  log.info({ msg: full ? 'order refunded' : 'order partly refunded', orderId: order.id, why });
  void outbox.kick();
}

/** Fresh links for a recorded order, e-mailed to its address. */
export function resend(ctx: OrderContext, order: OrderRecord) {
  const { links, message } = ctx.linksMessage(ctx.summaryOf(order), 'links');
  ctx.store.issueLinks(links, [{ orderId: order.id, kind: 'links', message }], ctx.now());
  void ctx.outbox.kick();
}
