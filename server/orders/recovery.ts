import type { OrderDeps } from './context';
import type { OrderService } from './';
import { studioNotice } from '../mail/studio';
import { readCustomId } from '../paypal/custom-id';
import type { OrderRecord } from './records';
import { sealMatches } from '../downloads/tokens';

/** Link e-mails (fresh links, all orders) one address receives per hour at most. */
export const LINK_EMAILS_PER_HOUR = 3;

/** Alerts about fresh links asked for orders nobody found, per hour at most (typos add up). */
export const NOT_FOUND_ALERTS_PER_HOUR = 10;

const HOUR = 60 * 60 * 1000;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What came of a buyer's request for fresh links: sent; not sent because the address had its
 * share this hour; the payment still pending at PayPal (its links come when it completes); paid
 * but left to the studio; or no paid order of that id for that address (the studio is told).
 */
export type FreshLinks = 'sent' | 'limited' | 'pending' | 'needs-studio' | 'not-found';

/**
 * What a buyer who lost their links can ask for: fresh links for one order, or every order of an
 * address, always e-mailed to the order's own address and at most a few times an hour.
 */
export function createRecovery({
  store,
  paypal,
  orders,
  outbox,
  studioAddress,
  secret,
  log,
  now,
}: Pick<OrderDeps, 'store' | 'paypal' | 'outbox' | 'studioAddress' | 'log' | 'now'> & {
  orders: OrderService;
  /** The service's secret, which seals the orders it creates (tokens.ts). */
  secret: string;
}) {
  const linkEmailsLeft = (email: string) =>
    LINK_EMAILS_PER_HOUR - store.recentMessages('links', email, now() - HOUR);

  /** Fresh links to an order's own address, unless it had its share this hour. */
  function resendLinks(order: OrderRecord): FreshLinks {
    if (linkEmailsLeft(order.email) <= 0) {
      log.warn({ msg: 'fresh links refused: hourly limit', orderId: order.id });
      return 'limited';
    }
    orders.resend(order);
    log.info({ msg: 'links resent', orderId: order.id });
    return 'sent';
  }

  /** Nothing was found: the studio is told (once per id, a few an hour), in case it knows more. */
  function notFound(id: string, email: string): FreshLinks {
    log.warn({ msg: 'fresh links: no paid order found', orderId: id });
    if (store.noticesSince('not-found:', now() - HOUR) >= NOT_FOUND_ALERTS_PER_HOUR) {
      return 'not-found';
    }
    const message = studioNotice(
      studioAddress(),
      `Fresh links asked for an order we cannot find: ${id}`,
      {
        text: 'A buyer asked for fresh download links on the thank-you page, but neither our records nor PayPal hold a paid order of this id for this address. If it is a real order (a typo, another address, a payment outside the shop), please send the packs by hand.',
      },
      [
        ['Order or transaction id', id],
        ['Address given', email],
      ],
      email,
    );
    const queued = store.queueOnce(
      `not-found:${id}`,
      [{ orderId: null, kind: 'alert', message }],
      now(),
    );
    if (queued) void outbox.kick();
    return 'not-found';
  }

  /**
   * Fresh links for a paid order of this address. An order the service never saw paid (or never
   * stored, or lost with a database restored from a backup) is looked up at PayPal, by order id or
   * by the transaction (capture) id of the buyer's PayPal receipt, and delivered if it was paid
   * for this shop with this address.
   */
  async function freshLinks(id: string, email: string): Promise<FreshLinks> {
    try {
      return await findAndSend(id, email);
    } catch (error) {
      const result = await orders.stuck(id, email, error);
      return result.kind === 'refused' && result.paid ? 'needs-studio' : notFound(id, email);
    }
  }

  async function findAndSend(id: string, email: string): Promise<FreshLinks> {
    const known = store.findOrder(id);
    if (known && known.status !== 'created') {
      if (known.status === 'refunded') return notFound(id, email);
      if (sameAddress(known.email, email)) return resendLinks(known);
      // Restored from PayPal to the PayPal account's address: the address given at checkout,
      // which the order's seal vouches for, takes it back.
      if (known.source === 'recovery' && (await checkoutAddress(known.id, email))) {
        store.bindOrder(known.id, email);
        log.info({ msg: 'order bound to its checkout address', orderId: known.id });
        return resendLinks({ ...known, email });
      }
      return notFound(id, email);
    }
    const capture = known || (await paypal.getOrder(id)) ? null : await paypal.getCapture(id);
    const orderId = capture?.supplementary_data?.related_ids?.order_id ?? id;
    const result = await orders.deliver(orderId, { source: 'recovery', email });
    log.info({ msg: 'recovery', orderId, result: result.kind });
    switch (result.kind) {
      case 'delivered':
        return result.created ? 'sent' : resendLinks(result.order);
      case 'pending':
        return 'pending';
      case 'refused':
        return result.paid ? 'needs-studio' : notFound(id, email);
      case 'unknown':
        return notFound(id, email);
    }
  }

  /** Whether PayPal's record of an order we created seals this address as the checkout's. */
  async function checkoutAddress(orderId: string, email: string) {
    const order = await paypal.getOrder(orderId);
    const custom = readCustomId(order?.purchase_units?.[0]?.custom_id);
    return (
      custom.kind === 'reference' &&
      !!custom.seal &&
      sealMatches(secret, custom.seal, custom.ref, email, custom.code)
    );
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

export type Recovery = ReturnType<typeof createRecovery>;
