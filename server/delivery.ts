import { randomBytes } from 'node:crypto';
import { checkoutCopy } from '@/lib/content';
import { formatAmount } from '@/lib/money';
import {
  newOrderReference,
  orderRequest,
  orderTotalCents,
  type FundingSource,
  type OrderLine,
} from '@/lib/order';
import { packsBySlug, shopCurrency } from './catalog';
import { applyCode, type CodeProblem } from './codes';
import type { Config } from './config';
import type { Log } from './log';
import {
  buyerEmail,
  refundNotice,
  refusedNotice,
  studioEmail,
  type Message,
  type OrderSummary,
} from './mail';
import type { Outbox } from './outbox';
import {
  paidOrder,
  PayPalRefused,
  type PaidOrder,
  type PayPalClient,
  type PayPalOrder,
} from './paypal';
import { COPY, type OrderRecord, type Store } from './store';
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
  /**
   * Not delivered. `paid`: PayPal holds the buyer's money for it, and the studio was alerted to
   * settle it by hand.
   */
  | { kind: 'refused'; status: 409 | 422; error: string; paid?: boolean };

/** A capture PayPal declined: nothing was charged. `restart`: the buyer may pick another card. */
export type Declined = { kind: 'declined'; restart: boolean; issue: string };

/** What the checkout asks for: packs by sku, the buyer, perhaps a code. */
export type NewOrder = {
  lines: OrderLine[];
  customer: OrderSummary['customer'];
  code?: string;
  fundingSource?: FundingSource;
};

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
      pack: line.slug,
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

  /** Writes a paid order's links and e-mails; false when another path recorded it first. */
  function record(order: Omit<OrderRecord, 'status'>) {
    const summary = summaryOf({ ...order, status: 'paid' });
    const { links, message } = linksMessage(summary, 'buyer');
    const studio = withId(studioEmail(summary, config.studioEmail), order.id, 'studio');
    const recorded = store.recordPaid(
      order,
      links,
      [
        { orderId: order.id, kind: 'buyer', message },
        { orderId: order.id, kind: 'studio', message: studio },
      ],
      now(),
    );
    if (recorded) {
      log.info({ msg: 'order recorded', orderId: order.id, packs: order.lines.length });
      void outbox.kick();
    }
    return recorded;
  }

  /**
   * PayPal holds the buyer's money for an order that cannot be delivered as it stands: the studio
   * is told once per order, to deliver or refund it by hand, and the buyer is told so.
   */
  function refuseAfterPayment(orderId: string, reason: string, email: string | null): Delivery {
    log.error({ msg: 'paid order not deliverable', orderId, reason });
    const alert = withId(
      refusedNotice(orderId, reason, email, config.studioEmail),
      orderId,
      'refused',
    );
    if (
      store.queueOnce(
        `refused:${orderId}`,
        [{ orderId: null, kind: 'alert', message: alert }],
        now(),
      )
    )
      void outbox.kick();
    return {
      kind: 'refused',
      status: 422,
      error: 'The payment does not match this order.',
      paid: true,
    };
  }

  /**
   * Creates the order at PayPal from the catalogue's prices, with the code's use reserved until it
   * is paid (or the hold lapses), and keeps it as 'created'. PayPal's order id, or why the code
   * does not apply.
   */
  async function create(input: NewOrder): Promise<{ id: string } | { problem: CodeProblem }> {
    const ref = newOrderReference();
    const at = now();
    let discount: { code: string; cents: number } | null = null;
    if (input.code) {
      const applied = applyCode(store, input.code, input.lines, at);
      if ('problem' in applied) return applied;
      const { code, usageLimit } = applied.rule;
      if (!store.reserveCode(code, ref, at, at + config.codeHoldMs, usageLimit)) {
        return { problem: 'used-up' };
      }
      discount = { code, cents: applied.cents };
    }
    const request = orderRequest(
      input.lines,
      shopCurrency,
      {
        reference: ref,
        description: checkoutCopy.orderDescription,
        fundingSource: input.fundingSource,
      },
      discount,
    );
    let created: PayPalOrder;
    try {
      created = await paypal.createOrder(request, ref);
    } catch (error) {
      if (discount) store.releaseCode(discount.code, ref);
      throw error;
    }
    const itemTotal = orderTotalCents(input.lines);
    store.createOrder({
      id: created.id,
      ref,
      email: input.customer.email,
      name: oneLine(input.customer.name),
      phone: oneLine(input.customer.phone),
      address: lines(input.customer.address),
      lines: input.lines,
      totalCents: itemTotal - (discount?.cents ?? 0),
      currency: shopCurrency,
      discountCode: discount?.code ?? null,
      discountCents: discount?.cents ?? 0,
      createdAt: at,
    });
    log.info({ msg: 'order created', orderId: created.id, packs: input.lines.length });
    return { id: created.id };
  }

  /**
   * Captures an order the service created (the buyer approved it in PayPal's window; the browser
   * names the order's address) and delivers it in the same call. Repeating it is harmless: PayPal captures once per request id, and an
   * order already paid answers with its delivery.
   */
  async function capture(orderId: string, email: string): Promise<Delivery | Declined> {
    const known = store.findOrder(orderId);
    // An order id alone (it shows in PayPal's window) neither captures nor reveals an order.
    if (!known || known.source !== 'checkout' || !sameAddress(known.email, email)) {
      return { kind: 'unknown' };
    }
    if (known.status !== 'created') return settled(known);
    let order: PayPalOrder | null;
    try {
      order = await paypal.captureOrder(orderId, `${known.ref}-capture`);
    } catch (error) {
      if (!(error instanceof PayPalRefused)) throw error;
      if (error.issue !== 'ORDER_ALREADY_CAPTURED') {
        log.warn({ msg: 'capture declined', orderId, issue: error.issue });
        return {
          kind: 'declined',
          restart: error.issue === 'INSTRUMENT_DECLINED',
          issue: error.issue,
        };
      }
      order = await paypal.getOrder(orderId);
    }
    return order ? settle(known, order) : { kind: 'unknown' };
  }

  /** An order already settled: its delivery, or its refusal. */
  function settled(order: OrderRecord): Delivery {
    if (order.status === 'refunded') {
      return { kind: 'refused', status: 422, error: 'This order was refunded.' };
    }
    return { kind: 'delivered', order, created: false };
  }

  /**
   * Delivers an order the service created, once PayPal says it was paid: captured in full, in the
   * shop's currency, for the packs and the amount the service asked for. The discount is the one
   * it was created with, even if the code was disabled or used up since.
   */
  function settle(known: OrderRecord, order: PayPalOrder): Delivery {
    const paid = paidOrder(order, packsBySlug, shopCurrency);
    if ('pending' in paid) return { kind: 'pending' };
    const charged = (order.purchase_units?.[0]?.payments?.captures ?? []).some(
      (each) => each.status === 'COMPLETED',
    );
    const problem = 'problem' in paid ? paid.problem : differences(known, paid);
    if (problem) {
      if (!charged) {
        log.warn({ msg: 'order not paid', orderId: known.id, reason: problem });
        return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
      }
      return refuseAfterPayment(known.id, problem, known.email);
    }
    const recorded = record({ ...known, source: 'checkout' });
    const current = store.findOrder(known.id)!;
    return recorded ? { kind: 'delivered', order: current, created: true } : settled(current);
  }

  /** How PayPal's paid order differs from the one the service created, or null. */
  function differences(known: OrderRecord, paid: PaidOrder): string | null {
    if (paid.custom.kind !== 'reference' || paid.custom.ref !== known.ref) {
      return 'custom_id is not the order reference';
    }
    const slugs = (lines: OrderLine[]) => lines.map((line) => line.slug).join(',');
    if (slugs(paid.lines) !== slugs(known.lines)) return `items ${slugs(paid.lines)}`;
    if (paid.discountCents !== known.discountCents) return `discount ${paid.discountCents}`;
    if (paid.totalCents !== known.totalCents) return `total ${paid.totalCents}`;
    return null;
  }

  /**
   * Delivers a paid order to whichever path asks first: PayPal's webhook, a buyer recovering an
   * order, or the confirmation call of a checkout that created its order in the browser. What was
   * bought and paid always comes from PayPal's own order.
   */
  async function deliver(orderId: string, claim: Claim): Promise<Delivery> {
    const known = store.findOrder(orderId);
    if (known?.status === 'refunded' && claim.source !== 'webhook') {
      log.warn({ msg: 'claim for a refunded order', orderId, source: claim.source });
      return { kind: 'unknown' };
    }
    if (known && known.status !== 'created') {
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
    if (known) {
      const problem = claimProblem(known, claim);
      if (problem) {
        log.warn({ msg: 'claim does not match the order', orderId, source: claim.source });
        return claim.source === 'recovery' ? { kind: 'unknown' } : { kind: 'refused', ...problem };
      }
      return settle(known, order);
    }
    return deliverBrowserOrder(orderId, order, claim);
  }

  /**
   * An order a browser created at PayPal (checkouts before the service created orders): its
   * address and code come from custom_id, its discount is checked against the code as it stood
   * when the order was created.
   */
  function deliverBrowserOrder(orderId: string, order: PayPalOrder, claim: Claim): Delivery {
    const paid = paidOrder(order, packsBySlug, shopCurrency);
    const custom = 'custom' in paid ? paid.custom : null;
    const bound = custom?.kind === 'legacy' ? custom.email : null;
    if ('pending' in paid) {
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
    const claimed =
      claim.source === 'browser'
        ? claim.customer.email
        : claim.source === 'recovery'
          ? claim.email
          : null;
    if (claim.source === 'recovery') {
      const owners = [bound, paid.payerEmail];
      if (!owners.some((owner) => owner && sameAddress(owner, claim.email))) {
        log.warn({ msg: 'recovery for another address', orderId });
        return { kind: 'unknown' };
      }
    }
    // Where the packs go: the address given at checkout, which the order carries; else the one the
    // claim gives (a browser without custom_id), else the PayPal account's.
    const email = bound ?? claimed ?? paid.payerEmail;
    if (paid.custom.kind === 'reference' || !email) {
      return refuseAfterPayment(orderId, 'no address to deliver to', paid.payerEmail);
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

    // A discount is the code's, as it stood when the order was created at PayPal.
    let discountCode: string | null = null;
    if (paid.discountCents > 0) {
      const applied = paid.custom.code
        ? applyCode(store, paid.custom.code, paid.lines, paid.createdAt ?? now())
        : ({ problem: 'unknown' } as const);
      if ('problem' in applied || applied.cents !== paid.discountCents) {
        const why =
          'problem' in applied ? `code ${applied.problem}` : `code takes ${applied.cents}`;
        return refuseAfterPayment(
          orderId,
          `discount of ${paid.discountCents} cents: ${why}`,
          email,
        );
      }
      discountCode = applied.rule.code;
    }
    const entry: Omit<OrderRecord, 'status'> = {
      id: orderId,
      ref: null,
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
    if (claim.source !== 'recovery') {
      const problem = claimProblem(entry, claim);
      if (problem) {
        log.warn({ msg: 'claim does not match PayPal', orderId, reason: problem.error });
        return { kind: 'refused', ...problem };
      }
    }
    if (!record(entry)) {
      const current = store.findOrder(orderId);
      return current ? settled(current) : { kind: 'unknown' };
    }
    return { kind: 'delivered', order: { ...entry, status: 'paid' }, created: true };
  }

  /** The order's links that still work, newest per pack, as the buyer's receipt shows them. */
  function downloads(order: OrderRecord) {
    const budget = config.downloadLimit * COPY;
    const live = store.liveLinks(order.id, now()).filter((link) => link.used < budget);
    return order.lines.flatMap((line) => {
      const link = live.find((each) => each.pack === line.slug);
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
  function refund(order: OrderRecord, why: string, full: boolean, eventId: string) {
    const notice = {
      orderId: order.id,
      kind: 'alert' as const,
      message: refundNotice(order.id, why, full, config.studioEmail),
    };
    if (full) store.refundOrder(order.id, notice, now());
    // Each partial refund once, however often PayPal sends its event.
    else if (!store.queueOnce(`event:${eventId}`, [notice], now())) return;
    log.info({ msg: full ? 'order refunded' : 'order partly refunded', orderId: order.id, why });
    void outbox.kick();
  }

  /** Fresh links for a recorded order, e-mailed to its address. */
  function resend(order: OrderRecord) {
    const { links, message } = linksMessage(summaryOf(order), 'links');
    store.issueLinks(links, [{ orderId: order.id, kind: 'links', message }], now());
    void outbox.kick();
  }

  return { create, capture, deliver, downloads, resend, refund };
}

export type DeliveryService = ReturnType<typeof createDelivery>;
