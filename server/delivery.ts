import { randomBytes } from 'node:crypto';
import { formatAmount } from '@/lib/money';
import { parseCustomId } from '@/lib/order';
import { packsBySku, shopCurrency } from './catalog';
import { applyCode } from './codes';
import type { Config } from './config';
import type { Log } from './log';
import { buyerEmail, refundNotice, studioEmail, type Message, type OrderSummary } from './mail';
import type { Outbox } from './outbox';
import { paidOrder, type PayPalClient } from './paypal';
import type { OrderRecord, Store } from './store';
import { newLinkId, signToken } from './tokens';

/** Who asks for an order to be delivered, and what they say about it. */
export type Claim =
  | { source: 'webhook' }
  /** The checkout's confirmation call: the buyer's details and what the browser says it bought. */
  | {
      source: 'browser';
      customer: OrderSummary['customer'];
      items: string[];
      totalAmount: string;
    }
  /** The fresh-links form with an order the service never stored: only the address is known. */
  | { source: 'recovery'; email: string };

export type Delivery =
  | { kind: 'delivered'; order: OrderRecord; created: boolean }
  /** PayPal does not know the order, or knows it under another address (recovery). */
  | { kind: 'unknown' }
  /** Paid, but its capture is still pending: the webhook delivers it when it completes. */
  | { kind: 'pending' }
  | { kind: 'refused'; status: 409 | 422; error: string };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A single-line field as the e-mails show it: no control characters, no line breaks. */
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A multi-line field (the address): its lines kept, each one cleaned. */
const lines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .filter(Boolean)
    .join('\n');

/**
 * The one way an order is delivered, whichever path asks first: the checkout's confirmation,
 * PayPal's webhook, or a buyer recovering an order. What was bought and paid always comes from
 * PayPal's own order; the first path to record it wins, and the others find it recorded.
 */
export function createDelivery(deps: {
  config: Config;
  store: Store;
  paypal: PayPalClient;
  outbox: Outbox;
  log: Log;
  publicUrl: () => string;
  now: () => number;
}) {
  const { config, store, paypal, outbox, log, now } = deps;

  /** One fresh link per line of an order, and the e-mail that carries them. */
  function linksMessage(order: OrderSummary, kind: 'buyer' | 'links') {
    const expiresAt = now() + config.downloadTtlMs;
    const links = order.lines.map((line) => ({
      id: newLinkId(),
      orderId: order.orderId,
      pack: line.sku,
      expiresAt,
    }));
    const message = buyerEmail(
      order,
      links.map((link, index) => ({ name: order.lines[index]!.name, url: linkUrl(link) })),
      expiresAt,
      config.downloadLimit,
      `${config.siteOrigins[0]}/thank-you/#fresh-links`,
    );
    return { links, message: withId(message, order.orderId, kind) };
  }

  const linkUrl = (link: { id: string; expiresAt: number }) =>
    `${deps.publicUrl()}/download/${signToken(config.downloadSecret, link.id, link.expiresAt)}`;

  function withId(message: Message, orderId: string, kind: string): Message {
    const domain = config.mailFrom.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
    return {
      ...message,
      messageId: `<${orderId}.${kind}.${randomBytes(6).toString('hex')}@${domain}>`,
    };
  }

  const summaryOf = (order: OrderRecord): OrderSummary => ({
    orderId: order.id,
    customer: { name: order.name, email: order.email, phone: order.phone, address: order.address },
    lines: order.lines,
    totalCents: order.totalCents,
    currency: order.currency,
    discount: order.discountCode ? { code: order.discountCode, cents: order.discountCents } : null,
  });

  /** Why a claim does not fit the order as recorded, or null. */
  function claimProblem(order: Pick<OrderRecord, 'email' | 'lines' | 'totalCents'>, claim: Claim) {
    if (claim.source === 'webhook') return null;
    const email = claim.source === 'browser' ? claim.customer.email : claim.email;
    if (!sameAddress(order.email, email)) {
      return { status: 409 as const, error: 'This order was paid for another e-mail address.' };
    }
    if (claim.source !== 'browser') return null;
    const names = order.lines.map((line) => line.name);
    if (
      claim.totalAmount !== formatAmount(order.totalCents) ||
      claim.items.length !== names.length ||
      claim.items.some((item) => !names.includes(item))
    ) {
      return { status: 422 as const, error: 'The items or total do not match this order.' };
    }
    return null;
  }

  async function deliver(orderId: string, claim: Claim): Promise<Delivery> {
    const known = store.findOrder(orderId);
    if (known?.status === 'refunded' && claim.source !== 'webhook') {
      log.warn({ msg: 'claim for a refunded order', orderId, source: claim.source });
      return { kind: 'unknown' };
    }
    if (known) {
      const problem = claimProblem(known, claim);
      if (problem) {
        log.warn({ msg: 'claim does not match the order', orderId, source: claim.source });
        return claim.source === 'recovery' ? { kind: 'unknown' } : { kind: 'refused', ...problem };
      }
      return { kind: 'delivered', order: known, created: false };
    }

    const order = await paypal.getOrder(orderId);
    if (!order) {
      log.warn({ msg: 'order unknown to PayPal', orderId, source: claim.source });
      return { kind: 'unknown' };
    }
    const paid = paidOrder(order, packsBySku, shopCurrency);
    if ('pending' in paid) {
      const bound = parseCustomId(order.purchase_units?.[0]?.custom_id).email;
      if (claim.source === 'browser' && bound && !sameAddress(bound, claim.customer.email)) {
        return { kind: 'refused', status: 409, error: 'another address' };
      }
      log.info({ msg: 'payment pending, delivery waits for its completion', orderId });
      return { kind: 'pending' };
    }
    if ('problem' in paid) {
      log.warn({
        msg: 'order not deliverable',
        orderId,
        source: claim.source,
        reason: paid.problem,
      });
      return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
    }

    // A discount is the code's, as it stood when the order was created at PayPal.
    let discountCode: string | null = null;
    if (paid.discountCents > 0) {
      const applied = paid.code
        ? applyCode(store, paid.code, paid.lines, paid.createdAt ?? now())
        : ({ problem: 'unknown' } as const);
      if ('problem' in applied || applied.cents !== paid.discountCents) {
        const why =
          'problem' in applied ? `code ${applied.problem}` : `code takes ${applied.cents}`;
        log.warn({
          msg: 'order not deliverable',
          orderId,
          source: claim.source,
          reason: `discount of ${paid.discountCents} cents: ${why}`,
        });
        return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
      }
      discountCode = applied.rule.code;
    }

    // Where the packs go: the address given at checkout, which the order carries; else the one the
    // claim gives (a browser without custom_id), else the PayPal account's.
    const claimed =
      claim.source === 'browser'
        ? claim.customer.email
        : claim.source === 'recovery'
          ? claim.email
          : null;
    const email = paid.checkoutEmail ?? claimed ?? paid.payerEmail;
    if (!email) {
      log.error({ msg: 'paid order without an address to deliver to', orderId });
      return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
    }
    const customer =
      claim.source === 'browser'
        ? {
            name: oneLine(claim.customer.name),
            email,
            phone: oneLine(claim.customer.phone),
            address: lines(claim.customer.address),
          }
        : { name: oneLine(paid.payerName), email, phone: '', address: '' };
    const record: Omit<OrderRecord, 'status'> = {
      id: orderId,
      email,
      name: customer.name,
      phone: customer.phone,
      address: customer.address,
      lines: paid.lines,
      totalCents: paid.totalCents,
      currency: shopCurrency,
      discountCode,
      discountCents: paid.discountCents,
      source: claim.source,
      createdAt: now(),
    };
    if (claim.source === 'recovery') {
      const owners = [paid.checkoutEmail, paid.payerEmail];
      if (!owners.some((owner) => owner && sameAddress(owner, claim.email))) {
        log.warn({ msg: 'recovery for another address', orderId });
        return { kind: 'unknown' };
      }
    } else {
      const problem = claimProblem(record, claim);
      if (problem) {
        log.warn({ msg: 'claim does not match PayPal', orderId, reason: problem.error });
        return { kind: 'refused', ...problem };
      }
    }

    const summary = summaryOf({ ...record, status: 'paid' });
    const { links, message } = linksMessage(summary, 'buyer');
    const studio = withId(studioEmail(summary, config.studioEmail), orderId, 'studio');
    const recorded = store.recordOrder(
      record,
      links,
      [
        { orderId, kind: 'buyer', message },
        { orderId, kind: 'studio', message: studio },
      ],
      now(),
    );
    if (!recorded) return deliver(orderId, claim);
    log.info({ msg: 'order recorded', orderId, source: claim.source, packs: paid.lines.length });
    void outbox.kick();
    return { kind: 'delivered', order: { ...record, status: 'paid' }, created: true };
  }

  /** The order's links that still work, newest per pack, as the buyer's receipt shows them. */
  function downloads(order: OrderRecord) {
    const live = store.liveLinks(order.id, now(), config.downloadLimit);
    return order.lines.flatMap((line) => {
      const link = live.find((each) => each.pack === line.sku);
      // The buyer's own browser fetches the file itself, without the page the e-mail opens.
      return link
        ? [{ name: line.name, url: `${linkUrl(link)}/file`, expiresAt: link.expiresAt }]
        : [];
    });
  }

  /**
   * The payment went back (a full refund, a reversal): the order's links stop working and the
   * studio is told. A partial refund only tells the studio.
   */
  function refund(order: OrderRecord, why: string, full: boolean) {
    const notice = {
      orderId: order.id,
      kind: 'alert' as const,
      message: refundNotice(order.id, why, full, config.studioEmail),
    };
    if (full) store.refundOrder(order.id, notice, now());
    else store.queue([notice], now());
    log.info({ msg: full ? 'order refunded' : 'order partly refunded', orderId: order.id, why });
    void outbox.kick();
  }

  /** Fresh links for a recorded order, e-mailed to its address. */
  function resend(order: OrderRecord) {
    const { links, message } = linksMessage(summaryOf(order), 'links');
    store.issueLinks(links, [{ orderId: order.id, kind: 'links', message }], now());
    void outbox.kick();
  }

  return { deliver, downloads, resend, refund };
}

export type DeliveryService = ReturnType<typeof createDelivery>;
