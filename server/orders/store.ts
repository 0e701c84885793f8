// The orders' rows (tables.ts): each change of an order's state one transaction with its links
// (../downloads/store.ts), its code's use (../discounts/store.ts) and the e-mails it sends
// (../mail/outbox-store.ts).
import type { CodeUses } from '../discounts/store';
import type { LinkWrites, NewLink } from '../downloads/store';
import type { MessageWrites, NewMessage, OutboxRecord } from '../mail/outbox-store';
import { column, type Db } from '../store';
import type { OrderTax } from '../tax/order-tax';
import {
  orderLinesColumn,
  taxColumn,
  termsColumn,
  type OrderRecord,
  type OrderRow,
  type RefundRecord,
} from './records';
import { moveGuard, ownedCondition, type FirstState } from './states';

export function orderStore(
  db: Db,
  {
    links: { addLinks, revokeLinks },
    messages: { addMessages, cancelMessages },
    codes: { takeUse, keepUsePastLimit },
  }: { links: LinkWrites; messages: MessageWrites; codes: CodeUses },
) {
  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const selectOrderByRef = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE ref = ?');
  const selectOrdersByEmail = db.prepare<[string], OrderRow>(
    `SELECT * FROM orders WHERE email = ? COLLATE NOCASE AND ${ownedCondition}
     ORDER BY createdAt`,
  );
  const insertOrder = db.prepare(
    `INSERT OR IGNORE INTO orders
       (id, ref, email, name, phone, address, lines, totalCents, currency, discountCode,
        discountCents, source, status, createdAt, terms, tax, timeZone)
     VALUES
       (@id, @ref, @email, @name, @phone, @address, @lines, @totalCents, @currency, @discountCode,
        @discountCents, @source, @status, @createdAt, @terms, @tax, @timeZone)`,
  );
  const setEmail = db.prepare('UPDATE orders SET email = ? WHERE id = ?');
  const updateTax = db.prepare('UPDATE orders SET tax = ? WHERE id = ?');
  const insertRefund = db.prepare(
    'INSERT OR IGNORE INTO refunds (id, orderId, cents, taxCents, at) VALUES (@id, @orderId, @cents, @taxCents, @at)',
  );
  const selectRefundsOf = db.prepare<[string], RefundRecord>(
    'SELECT * FROM refunds WHERE orderId = ? ORDER BY at',
  );
  const selectRefundsBetween = db.prepare<[number, number], RefundRecord>(
    'SELECT * FROM refunds WHERE at >= ? AND at < ? ORDER BY at',
  );
  const selectOrdersMadeBetween = db.prepare<[number, number], OrderRow>(
    'SELECT * FROM orders WHERE createdAt >= ? AND createdAt < ? ORDER BY createdAt',
  );
  const setPaid = db.prepare(
    `UPDATE orders SET status = 'paid' WHERE id = ? AND ${moveGuard('paid')}`,
  );
  const setRefunded = db.prepare(
    `UPDATE orders SET status = 'refunded' WHERE id = ? AND ${moveGuard('refunded')}`,
  );
  const setDelivered = db.prepare(
    `UPDATE orders SET status = 'delivered', deliveredAt = ? WHERE id = ? AND ${moveGuard('delivered')}`,
  );

  // Orders recorded before version 3 name a line's pack `sku`; it is the same slug.
  const toOrder = (row: OrderRow | undefined): OrderRecord | null =>
    row
      ? {
          ...row,
          lines: column(orderLinesColumn, row.lines),
          terms: row.terms === null ? null : column(termsColumn, row.terms),
          tax: row.tax === null ? null : column(taxColumn, row.tax),
        }
      : null;

  /** A new order, in one of the states an order starts in. */
  const insert = (order: Omit<OrderRecord, 'status'>, status: FirstState) =>
    insertOrder.run({
      ...order,
      lines: JSON.stringify(order.lines),
      terms: order.terms && JSON.stringify(order.terms),
      tax: order.tax && JSON.stringify(order.tax),
      timeZone: order.timeZone ?? null,
      status,
    });

  const addLinksAndMessages = (links: NewLink[], messages: NewMessage[], now: number) => {
    addLinks(links);
    addMessages(messages, now);
  };

  /** Thrown inside `recordPaid` to undo it: the code's last use went to another order. */
  class CodeUsedUp extends Error {}

  /**
   * Records a paid order with its links and e-mails, all or nothing; false when another path
   * recorded it first (or it was refunded), in which case nothing is written. An order the
   * service created goes from 'created' to 'paid'; one it learns of now is inserted as paid. Its
   * code's use is kept for good; when it held none and the limit leaves none, the use is kept
   * past the limit and `pastLimit` (the studio's notice) queued when one is given, else nothing is
   * written (CodeUsedUp).
   */
  const recordPaid = db.transaction(
    (
      order: Omit<OrderRecord, 'status'>,
      links: NewLink[],
      messages: NewMessage[],
      now: number,
      pastLimit?: NewMessage,
    ) => {
      const { changes } =
        order.source === 'checkout' ? setPaid.run(order.id) : insert(order, 'paid');
      if (changes !== 1) return false;
      const extra: NewMessage[] = [];
      const ref = order.ref ?? order.id;
      if (order.discountCode && !takeUse(order.discountCode, ref, now, null)) {
        if (!pastLimit) throw new CodeUsedUp();
        keepUsePastLimit(order.discountCode, ref, now);
        extra.push(pastLimit);
      }
      addLinksAndMessages(links, [...messages, ...extra], now);
      return true;
    },
  );

  return {
    findOrder: (id: string) => toOrder(selectOrder.get(id)),

    /** An order restored to its PayPal account's address, bound to the checkout's it proved. */
    bindOrder: (id: string, email: string) => void setEmail.run(email, id),

    /**
     * The tax an order's total includes, settled again from the evidence PayPal's approved order
     * added (the amount paid does not change; its split may).
     */
    setTax: (id: string, tax: OrderTax) => void updateTax.run(JSON.stringify(tax), id),

    /** Money given back, once per PayPal id however often it is told: false when known. */
    recordRefund: (refund: RefundRecord) => insertRefund.run(refund).changes === 1,
    refundsOf: (orderId: string) => selectRefundsOf.all(orderId),
    /** The refunds made from `from` until before `to` (ms): the tax report's. */
    refundsBetween: (from: number, to: number) => selectRefundsBetween.all(from, to),

    /** The orders made from `from` until before `to` (ms), oldest first: the tax report's. */
    ordersMadeBetween: (from: number, to: number) =>
      selectOrdersMadeBetween.all(from, to).map((row) => toOrder(row)!),

    /** The order of our reference (its invoice number at PayPal), or null. */
    findOrderByRef: (ref: string) => toOrder(selectOrderByRef.get(ref)),

    /** The paid orders of an address, oldest first. */
    ordersOf: (email: string) => selectOrdersByEmail.all(email).map((row) => toOrder(row)!),

    /**
     * An order the service created at PayPal, not paid yet. Its code's use is taken under its
     * reference when the buyer approves (`takeCode`), and kept for good once it is paid.
     */
    createOrder(order: Omit<OrderRecord, 'status' | 'source'>) {
      insert({ ...order, source: 'checkout' }, 'created');
    },

    /** See `recordPaid` above: 'code-used-up' when its code had no use left for it. */
    recordPaid(
      order: Omit<OrderRecord, 'status'>,
      links: NewLink[],
      messages: NewMessage[],
      now: number,
      pastLimit?: NewMessage,
    ): boolean | 'code-used-up' {
      try {
        return recordPaid(order, links, messages, now, pastLimit);
      } catch (error) {
        if (error instanceof CodeUsedUp) return 'code-used-up';
        throw error;
      }
    },

    /** Fresh links for a known order, replacing its earlier ones, and the e-mail with them. */
    issueLinks: db.transaction((links: NewLink[], messages: NewMessage[], now: number) => {
      for (const orderId of new Set(links.map((link) => link.orderId))) {
        revokeLinks(orderId, now);
      }
      addLinksAndMessages(links, messages, now);
    }),

    /**
     * The payment went back: the order's links stop working, e-mails with links (and the reminder
     * to review) that have not left yet never will, and the studio is told.
     */
    refundOrder: db.transaction((orderId: string, notice: NewMessage, now: number) => {
      setRefunded.run(orderId);
      revokeLinks(orderId, now);
      cancelMessages(orderId, ['buyer', 'links', 'reminder']);
      addLinksAndMessages([], [notice], now);
    }),

    /**
     * In the transaction that marks an e-mail sent: the buyer's order e-mail delivers its order,
     * unless it was refunded meanwhile (it stays refunded).
     */
    sent(message: OutboxRecord, now: number) {
      if (message.kind === 'buyer' && message.orderId) setDelivered.run(now, message.orderId);
    },
  };
}

/** What the rest of the service asks of the orders' rows. */
export type OrderStore = Omit<ReturnType<typeof orderStore>, 'sent'>;
