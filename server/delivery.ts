import { randomBytes } from 'node:crypto';
import { formatAmount } from '@/lib/money';
import {
  newOrderReference,
  orderRequest,
  orderTotalCents,
  type FundingSource,
  type OrderLine,
  type PackRef,
} from '@/lib/order';
import type { CatalogSource } from './catalog';
import { applyCode, type CodeProblem } from './codes';
import type { Config } from './config';
import type { Log } from './log';
import {
  buyerEmail,
  packsMissingNotice,
  refundNotice,
  refusedNotice,
  studioEmail,
  type Message,
  type OrderSummary,
} from './mail';
import type { Outbox } from './outbox';
import { missingPacks } from './packs';
import {
  moneyKept,
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
   * settle it by hand. `refunded`: the payment went back before it was delivered.
   */
  | { kind: 'refused'; status: 409 | 422; error: string; paid?: boolean; refunded?: boolean };

/**
 * An approved order not captured, so nothing was charged: PayPal declined the payment
 * (`restart`: the buyer may pick another card), or its discount code's last use went to another
 * order while its hold had lapsed.
 */
export type Declined =
  { kind: 'declined'; restart: boolean; issue: string } | { kind: 'code-taken'; code: string };

/** What the checkout asks for: packs by slug at the total it showed, the buyer, perhaps a code. */
export type NewOrder = {
  items: string[];
  /** The packs' total as the page showed it, before any discount. */
  shownTotalCents: number;
  customer: OrderSummary['customer'];
  code?: string;
  fundingSource?: FundingSource;
  /** Who asks (the client's address): one client holds only a few uses of a code at once. */
  client: string;
};

/**
 * Why an order was not created, so nothing can be charged: its code does not apply; the page
 * showed other prices (or a pack no longer sold), and these are the packs it named that are sold,
 * at today's prices; or a pack's file is not in place yet.
 */
export type NotCreated =
  { problem: CodeProblem } | { pricesChanged: PackRef[] } | { unavailable: PackRef[] };

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
  catalog: CatalogSource;
  log: Log;
  publicUrl: () => string;
  /** Where the studio's copies and alerts go. */
  studioAddress: () => string;
  now: () => number;
}) {
  const { config, store, paypal, outbox, catalog, log, now, studioAddress } = deps;

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
      catalog.get(),
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
    const sender = config.mailFrom ?? catalog.get().studio.email;
    const domain = sender.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
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

  /**
   * Writes a paid order's links and e-mails; false when another path recorded it first,
   * 'code-used-up' when its code had no use left for it (nothing written).
   */
  function record(order: Omit<OrderRecord, 'status'>) {
    const summary = summaryOf({ ...order, status: 'paid' });
    const { links, message } = linksMessage(summary, 'buyer');
    const studio = withId(studioEmail(summary, studioAddress()), order.id, 'studio');
    const recorded = store.recordPaid(
      order,
      links,
      [
        { orderId: order.id, kind: 'buyer', message },
        { orderId: order.id, kind: 'studio', message: studio },
      ],
      now(),
    );
    if (recorded === true) {
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
      refusedNotice(orderId, reason, email, studioAddress()),
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
   * Creates the order at PayPal at the catalogue's prices, when they are the prices the page
   * showed and every pack's file is in place, with the code's use held for it until it is paid
   * (or the hold lapses), and keeps it as 'created'. PayPal's order id, or why it was not created.
   */
  async function create(input: NewOrder): Promise<{ id: string } | NotCreated> {
    const shop = catalog.get();
    const sold = input.items.flatMap((slug) => shop.packsBySlug.get(slug) ?? []);
    const bought = sold.map((pack): OrderLine => ({ ...pack, quantity: 1 }));
    const itemTotal = orderTotalCents(bought);
    if (sold.length !== input.items.length || itemTotal !== input.shownTotalCents) {
      log.info({ msg: 'order at other prices', shown: input.shownTotalCents, now: itemTotal });
      return { pricesChanged: sold };
    }
    const missing = missingPacks(config.packsDir, sold);
    if (missing.length > 0) {
      packsMissing(missing, shop.version);
      return { unavailable: missing };
    }
    const ref = newOrderReference();
    const at = now();
    let discount: { code: string; cents: number } | null = null;
    if (input.code) {
      const applied = applyCode(store, input.code, bought, at);
      if ('problem' in applied) return applied;
      const { code } = applied.rule;
      const held = store.reserveCode(
        code,
        ref,
        at,
        at + config.codeHoldMs,
        input.client,
        config.codeHoldsPerClient,
      );
      if (!held) return { problem: 'used-up' };
      discount = { code, cents: applied.cents };
    }
    const request = orderRequest(
      bought,
      shop.currency,
      {
        reference: ref,
        description: shop.copy.orderDescription,
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
    store.createOrder({
      id: created.id,
      ref,
      email: input.customer.email,
      name: oneLine(input.customer.name),
      phone: oneLine(input.customer.phone),
      address: lines(input.customer.address),
      lines: bought,
      totalCents: itemTotal - (discount?.cents ?? 0),
      currency: shop.currency,
      discountCode: discount?.code ?? null,
      discountCents: discount?.cents ?? 0,
      createdAt: at,
    });
    log.info({ msg: 'order created', orderId: created.id, packs: bought.length });
    return { id: created.id };
  }

  /** The studio is told once per pack and catalogue that a pack sold on the site has no file. */
  function packsMissing(missing: PackRef[], version: string) {
    log.error({ msg: 'pack files missing', packs: missing.map((pack) => pack.slug).join(',') });
    const fresh = missing.filter((pack) =>
      store.queueOnce(`pack-missing:${pack.slug}:${version}`, [], now()),
    );
    if (fresh.length === 0) return;
    store.queue(
      [
        {
          orderId: null,
          kind: 'alert',
          message: packsMissingNotice(fresh, config.packsDir, studioAddress()),
        },
      ],
      now(),
    );
    void outbox.kick();
  }

  /**
   * Captures an order the service created, once the buyer approved it in PayPal's window, and
   * delivers it in the same call: asked by the checkout (which names the order's address: an
   * order id alone, which shows in PayPal's window, neither captures nor reveals an order) or by
   * PayPal's CHECKOUT.ORDER.APPROVED webhook (`email` null), whichever comes first. Repeating it
   * is harmless: PayPal captures once per request id, and an order already paid answers with its
   * delivery.
   */
  async function capture(orderId: string, email: string | null): Promise<Delivery | Declined> {
    const known = store.findOrder(orderId);
    if (!known || known.source !== 'checkout' || !known.ref) return { kind: 'unknown' };
    if (email !== null && !sameAddress(known.email, email)) return { kind: 'unknown' };
    if (known.status !== 'created') return settled(known);
    // A hold that lapsed is taken again, if the code has a use left: else no discount is paid.
    if (
      known.discountCode &&
      !store.renewCode(known.discountCode, known.ref, now(), now() + config.codeHoldMs)
    ) {
      log.warn({ msg: 'code taken while the buyer paid', orderId });
      return { kind: 'code-taken', code: known.discountCode };
    }
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
      return { kind: 'refused', status: 422, error: 'This order was refunded.', refunded: true };
    }
    return { kind: 'delivered', order, created: false };
  }

  /**
   * Delivers an order the service created, once PayPal says it was paid: captured in full (a part
   * refunded since still counts: the studio keeps money for it), in its currency, for the packs,
   * prices and amount the service created it with, whatever the catalogue says now. The discount
   * is the one it was created with, even if the code was disabled since. Refunded in full before
   * it was delivered: it is marked refunded, and nothing is sent.
   */
  function settle(known: OrderRecord, order: PayPalOrder): Delivery {
    const asSold = new Map(known.lines.map((line) => [line.slug, line]));
    const paid = paidOrder(order, asSold, known.currency);
    if ('pending' in paid) return { kind: 'pending' };
    if ('refunded' in paid) {
      refund(known, `a refund before delivery (${paid.refunded})`, true, `refunded:${known.id}`);
      return settled(store.findOrder(known.id)!);
    }
    const problem = 'problem' in paid ? paid.problem : differences(known, paid);
    if (problem) {
      if (!moneyKept(order)) {
        log.warn({ msg: 'order not paid', orderId: known.id, reason: problem });
        return { kind: 'refused', status: 422, error: 'The payment does not match this order.' };
      }
      return refuseAfterPayment(known.id, problem, known.email);
    }
    const recorded = record({ ...known, source: 'checkout' });
    if (recorded === 'code-used-up') {
      return refuseAfterPayment(known.id, `code ${known.discountCode} used up`, known.email);
    }
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
    const shop = catalog.get();
    const paid = paidOrder(order, shop.packsBySlug, shop.currency);
    const custom = 'custom' in paid ? paid.custom : null;
    const bound = custom?.kind === 'legacy' ? custom.email : null;
    if ('pending' in paid) {
      if (claim.source === 'browser' && bound && !sameAddress(bound, claim.customer.email)) {
        return { kind: 'refused', status: 409, error: 'another address' };
      }
      log.info({ msg: 'payment pending, delivery waits for its completion', orderId });
      return { kind: 'pending' };
    }
    if ('refunded' in paid || 'problem' in paid) {
      log.warn({
        msg: 'order not deliverable',
        orderId,
        source: claim.source,
        reason: 'refunded' in paid ? `refunded: ${paid.refunded}` : paid.problem,
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
      currency: shop.currency,
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
    const recorded = record(entry);
    if (recorded === 'code-used-up') {
      return refuseAfterPayment(orderId, `discount code ${discountCode} used up`, email);
    }
    if (!recorded) {
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
      message: refundNotice(order.id, why, full, studioAddress()),
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
