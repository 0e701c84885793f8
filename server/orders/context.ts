// What every use case of an order shares: the service's parts, the e-mails with links, and the two
// endings of a paid order (recorded with its links, or refused and left to the studio).
import type { Deps } from '../deps';
import { randomBytes } from 'node:crypto';
import { formatAmount, formatPrice } from '@/lib/shared/money';
import { deliveredPacks } from '@/lib/shared/order';
import { DAY } from '../config';
import { buyerEmail, reviewReminder, type OrderSummary } from '../mail/buyer';
import { taxStatement } from '../tax/order-tax';
import { codePastLimitNotice, refusedNotice, studioEmail, studioNotice } from '../mail/studio';
import type { Message } from '../mail/transport';
import type { NewLink } from '../downloads/store';
import type { NewMessage } from '../mail/outbox-store';
import type { BookingStore } from '../booking/store';
import type { CodeStore } from '../discounts/store';
import type { LinkStore } from '../downloads/store';
import type { OutboxStore } from '../mail/outbox-store';
import type { OrderRecord } from './records';
import type { OrderStore } from './store';
import { newLinkId, reviewLinks, signToken } from '../downloads/tokens';
import type { ViesClient } from '../tax/vies';

/** The rows an order's use cases read and write. */
export type OrderStores = OrderStore &
  LinkStore &
  OutboxStore &
  CodeStore & {
    /** Weddings' payments, which the replay after a restore settles too (reconcile.ts). */
    bookings: BookingStore;
    /** A refunded order's reviews, named in the studio's notice (../reviews/store.ts). */
    reviewsOf(orderId: string): { file: string }[];
  };

export type OrderDeps = Deps<OrderStores> & {
  /** Asks the EU's VIES whether a business buyer's VAT number is registered. */
  vies: ViesClient;
  /** Where the service answers, for the links its e-mails carry. */
  publicUrl: () => string;
};

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
  | {
      kind: 'refused';
      status: 409 | 422;
      error: string;
      paid?: boolean;
      refunded?: boolean;
      /** Paid: whether this call queued the studio's alert (once per order). */
      alerted?: boolean;
    };

export const sameAddress = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** A single-line field as the e-mails show it: no control characters, no line breaks. */
export const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A multi-line field (the address): its lines kept, each one cleaned. */
export const lines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .filter(Boolean)
    .join('\n');

/** Why a claim does not fit the order as recorded, or null. */
export function claimProblem(
  order: Pick<OrderRecord, 'email' | 'lines' | 'totalCents'>,
  claim: Claim,
) {
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

export type OrderContext = ReturnType<typeof orderContext>;

export function orderContext(deps: OrderDeps) {
  const { config, store, outbox, catalog, log, now, studioAddress } = deps;

  /** A link's address; its token names the order and pack, so a restored database honours it. */
  const linkUrl = (link: NewLink) =>
    `${deps.publicUrl()}/download/${signToken(config.downloadSecret, link.id, link.expiresAt, {
      orderId: link.orderId,
      pack: link.pack,
    })}`;

  function withId(message: Message, orderId: string, kind: string): Message {
    const sender = config.mailFrom ?? catalog.get().studio.email;
    const domain = sender.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
    // An order's own e-mails (the buyer's and the studio's copy) are written once per order, so
    // their id is the order's: sent again by a service restored from a backup, they are the same
    // message to every mail program. Others (fresh links, alerts) may be written many times.
    const once = kind === 'buyer' || kind === 'studio' || kind === 'reminder';
    const id = once ? `${orderId}.${kind}` : `${orderId}.${kind}.${randomBytes(6).toString('hex')}`;
    return { ...message, messageId: `<${id}@${domain}>` };
  }

  /**
   * One fresh link per pack an order delivers (an item that holds packs: each of them), and the e-mail that carries
   * them with a link to review each pack.
   */
  function linksMessage(order: OrderSummary, kind: 'buyer' | 'links') {
    const expiresAt = now() + config.downloadTtlMs;
    const packs = deliveredPacks(order.lines);
    const links = packs.map((pack) => ({
      id: newLinkId(),
      orderId: order.orderId,
      pack: pack.slug,
      expiresAt,
    }));
    const sold = catalog.get();
    const words = new Map(sold.packs.map((pack) => [pack.slug, pack.files]));
    const message = buyerEmail(
      sold,
      order,
      links.map((link, index) => ({
        name: packs[index]!.name,
        url: linkUrl(link),
        files: words.get(link.pack),
      })),
      expiresAt,
      config.downloadLimit,
      `${config.siteOrigins[0]}/thank-you/#fresh-links`,
      reviewLinks(config, order, now()),
    );
    return { links, message: withId(message, order.orderId, kind) };
  }

  const summaryOf = (order: OrderRecord): OrderSummary => ({
    orderId: order.id,
    customer: { name: order.name, email: order.email, phone: order.phone, address: order.address },
    lines: order.lines,
    totalCents: order.totalCents,
    currency: order.currency,
    discount: order.discountCode ? { code: order.discountCode, cents: order.discountCents } : null,
    terms: order.terms,
    tax: taxStatement(order.tax),
    timeZone: order.timeZone ?? null,
  });

  /**
   * Writes a paid order's links and e-mails; false when another path recorded it first,
   * 'code-used-up' when its code had no use left for it (nothing written). With `pastLimit`, the
   * code is ours (sealed at creation) and its payment completed: it is delivered past the
   * code's limit, and the studio told why.
   */
  function record(order: Omit<OrderRecord, 'status'>, { pastLimit = false } = {}) {
    if (order.discountCode) codeKnown(order.discountCode, order.discountCents, order.id);
    const summary = summaryOf({ ...order, status: 'paid' });
    const { links, message } = linksMessage(summary, 'buyer');
    const studio = withId(studioEmail(summary, studioAddress()), order.id, 'studio');
    const notice: NewMessage | undefined =
      pastLimit && order.discountCode
        ? {
            orderId: null,
            kind: 'alert',
            message: withId(
              codePastLimitNotice(summary, order.discountCode, studioAddress()),
              order.id,
              'past-limit',
            ),
          }
        : undefined;
    const recorded = store.recordPaid(
      order,
      links,
      [
        { orderId: order.id, kind: 'buyer', message },
        { orderId: order.id, kind: 'studio', message: studio },
        ...reminder(summary),
      ],
      now(),
      notice,
    );
    if (recorded === true) {
      log.info({ msg: 'order recorded', orderId: order.id, packs: order.lines.length });
      void outbox.kick();
    }
    return recorded;
  }

  /**
   * A code an order PayPal holds used, which the database lacks (made after the backup it was
   * restored from): known again from the order's seal as a record of its uses, never sold, and the
   * studio told once, so that the order is restored with what was sold.
   */
  function codeKnown(code: string, discountCents: number, orderId: string) {
    if (!store.restoreCode(code, discountCents, now())) return;
    log.warn({ msg: 'discount code restored from an order', code, orderId });
    const message = withId(
      studioNotice(
        studioAddress(),
        `Discount code ${code} restored from a paid order`,
        {
          text: `Order ${orderId} was paid with the code ${code}, which the orders database does not hold: it was most likely made after the backup the database was restored from. The order is delivered as sold. The code is kept as a record of its uses and is not sold; to sell it again, add it with npm run codes -- add (its uses are kept).`,
        },
        [
          ['Code', code],
          ['Order', orderId],
        ],
      ),
      orderId,
      'code-restored',
    );
    const alert = [{ orderId: null, kind: 'alert' as const, message }];
    if (store.queueOnce(`code-restored:${code}`, alert, now())) void outbox.kick();
  }

  /**
   * The one reminder to review, queued to leave some days after delivery; a review of the order
   * or its refund cancels it. None when the studio set none, or the catalogue has no words for it.
   */
  function reminder(order: OrderSummary): NewMessage[] {
    const days = config.reviews.reminderDays;
    const message = days && reviewReminder(catalog.get(), order, reviewLinks(config, order, now()));
    if (!message) return [];
    return [
      {
        orderId: order.orderId,
        kind: 'reminder',
        message: withId(message, order.orderId, 'reminder'),
        at: now() + days * DAY,
      },
    ];
  }

  /**
   * PayPal holds the buyer's money for an order that cannot be delivered as it stands: the studio
   * is told once per order, to deliver or refund it by hand, and the buyer is told so.
   */
  function refuseAfterPayment(
    orderId: string,
    reason: string,
    email: string | null,
    paid?: { cents: number; currency: string },
  ): Delivery {
    log.error({ msg: 'paid order not deliverable', orderId, reason });
    const amount = paid && formatPrice(paid.cents, paid.currency);
    const alert = withId(
      refusedNotice(orderId, reason, email, studioAddress(), amount),
      orderId,
      'refused',
    );
    const alerted = store.queueOnce(
      `refused:${orderId}`,
      [{ orderId: null, kind: 'alert', message: alert }],
      now(),
    );
    if (alerted) void outbox.kick();
    return {
      kind: 'refused',
      status: 422,
      error: 'The payment does not match this order.',
      paid: true,
      alerted,
    };
  }

  /** An order already settled: its delivery, or its refusal. */
  function settled(order: OrderRecord): Delivery {
    if (order.status === 'refunded') {
      return { kind: 'refused', status: 422, error: 'This order was refunded.', refunded: true };
    }
    return { kind: 'delivered', order, created: false };
  }

  /** What /health tells of the orders: since when PayPal refuses to create them, and why. */
  const health: { failing: { since: number; issue: string } | null } = { failing: null };

  return {
    ...deps,
    health,
    linkUrl,
    linksMessage,
    summaryOf,
    record,
    codeKnown,
    refuseAfterPayment,
    settled,
  };
}
