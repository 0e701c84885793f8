import type { OrderService } from './orders';
import type { Log } from './log';
import type { PayPalClient } from './paypal';
import type { OrderRecord, Store } from './store';

/** Link e-mails (fresh links, all orders) one address receives per hour at most. */
export const LINK_EMAILS_PER_HOUR = 3;

const HOUR = 60 * 60 * 1000;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What a buyer who lost their links can ask for: fresh links for one order, or every order of an
 * address, always e-mailed to the order's own address and at most a few times an hour.
 */
export function createRecovery({
  store,
  paypal,
  orders,
  log,
  now,
}: {
  store: Store;
  paypal: PayPalClient;
  orders: OrderService;
  log: Log;
  now: () => number;
}) {
  const linkEmailsLeft = (email: string) =>
    LINK_EMAILS_PER_HOUR - store.recentMessages('links', email, now() - HOUR);

  /** Fresh links to an order's own address, unless it had its share this hour. */
  function resendLinks(order: OrderRecord) {
    if (linkEmailsLeft(order.email) <= 0) {
      log.warn({ msg: 'fresh links refused: hourly limit', orderId: order.id });
      return;
    }
    orders.resend(order);
    log.info({ msg: 'links resent', orderId: order.id });
  }

  /**
   * Fresh links for a paid order of this address. An order the service never saw paid (or never
   * stored) is looked up at PayPal, by order id or by the transaction (capture) id of the buyer's
   * PayPal receipt, and delivered if it was paid from this address.
   */
  async function freshLinks(id: string, email: string) {
    const known = store.findOrder(id);
    if (known && known.status !== 'created') {
      if (known.status !== 'refunded' && sameAddress(known.email, email)) resendLinks(known);
      else log.warn({ msg: 'resend refused', orderId: id });
      return;
    }
    const capture = known || (await paypal.getOrder(id)) ? null : await paypal.getCapture(id);
    const orderId = capture?.supplementary_data?.related_ids?.order_id ?? id;
    const result = await orders.deliver(orderId, { source: 'recovery', email });
    if (result.kind === 'delivered' && !result.created) resendLinks(result.order);
    log.info({ msg: 'recovery', orderId, result: result.kind });
  }

  /** Every paid order of an address, the newest first, as many as it may still receive. */
  function allOrders(email: string) {
    const owned = store.ordersOf(email).filter((order) => order.status !== 'refunded');
    const left = linkEmailsLeft(email);
    const sent = left > 0 ? owned.slice(-left) : [];
    for (const order of sent) orders.resend(order);
    log.info({ msg: 'all orders sent', orders: owned.length, sent: sent.length });
  }

  return { freshLinks, allOrders };
}
