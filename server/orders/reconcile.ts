// After a restore: every payment PayPal received since a moment, delivered when the database
// lacks it (npm run reconcile, README "Restoring the orders database"). PayPal is the ledger; the
// database is a cache of it.
import { parseAmount } from '@/lib/shared/money';
import type { Log } from '../log';
import type { GivenBack } from '../paypal/refunds';
import type { OrderService } from './';
import type { OrderStores } from './context';
import { PayPalRefused, PayPalUnavailable, type PayPalClient } from '../paypal/client';
import { readCustomId } from '../paypal/custom-id';

/** Transaction Search takes at most 31 days at a time. */
const WINDOW_MS = 31 * 24 * 60 * 60 * 1000 - 1000;

export type Reconciled = {
  /** Payments PayPal lists as received and completed. */
  payments: number;
  /** Of them, orders the database holds as paid already. */
  held: number;
  /** Orders recorded now, and their links e-mailed. */
  delivered: number;
  /** Paid, with a capture still pending: delivered when it completes (PayPal's webhook). */
  pending: number;
  /** Paid but not deliverable as it stands: the studio was alerted now (once per order). */
  alerted: number;
  /** Not delivered for another reason: alerted before, not paid, or not this shop's (logged). */
  refused: number;
  /** Refunds and reversals replayed now on an order the database held as paid. */
  refunded: number;
  /** Paid and refunded in full at PayPal before it was delivered: nothing to deliver. */
  refundedBefore: number;
  /** Orders that could not be restored (an error of ours): named, the others went on. */
  failed: { orderId: string; reason: string }[];
  /** Not a checkout payment (money sent by hand, say). */
  other: number;
  /** Wedding instalments paid at PayPal (server/booking/): recorded now, or held already. */
  bookings: number;
  /** Refunds and reversals of weddings' payments replayed now on their bookings. */
  bookingRefunds: number;
};

/** PayPal's event codes (Transaction Search) of money going back: a reversal, a refund. */
const REVERSAL = 'T1106';
const GIVEN_BACK = new Set([REVERSAL, 'T1107']);

/** What the replay asks of the weddings' payments (server/booking/, which the composition passes). */
type WeddingPayments = {
  /** Records a wedding's instalment PayPal was paid, once. */
  settle(orderId: string): Promise<string>;
  /** Records money PayPal gave back on a wedding's capture: 'recorded' when new. */
  givenBackAtPayPal(given: GivenBack): string | false;
  /** Tells the studio of a booking whose payments went back since the backup. */
  refundsFound(bookingId: string): void;
};

/**
 * Delivers, once, every order paid at PayPal between `since` and `until` that the database does
 * not hold as paid, and replays every refund or reversal made since on the order it gives back:
 * each transaction of PayPal's Transaction Search is traced to its order; an order the database
 * lacks is restored from PayPal's record (orders/deliver.ts); an order refunded in full ends
 * refunded, its links revoked. Running it again does nothing twice. `report` hears what is done.
 */
export async function reconcile(
  {
    store,
    paypal,
    orders,
    bookings,
    log,
  }: {
    store: OrderStores;
    paypal: PayPalClient;
    orders: OrderService;
    bookings: WeddingPayments;
    log: Log;
  },
  {
    since,
    until = new Date(),
    report = () => {},
  }: { since: Date; until?: Date; report?: (line: string) => void },
): Promise<Reconciled> {
  const done: Reconciled = {
    payments: 0,
    held: 0,
    delivered: 0,
    pending: 0,
    alerted: 0,
    refused: 0,
    refunded: 0,
    refundedBefore: 0,
    failed: [],
    other: 0,
    bookings: 0,
    bookingRefunds: 0,
  };
  /** Bookings whose payments PayPal gave money back on since the backup. */
  const refundedBookings = new Set<string>();
  const paid = (id: string | null | undefined) => {
    const order = id ? store.findOrder(id) : null;
    return !!order && order.status !== 'created';
  };
  const orderOfCapture = async (captureId: string) => {
    const capture = await paypal.getCapture(captureId);
    return { capture, orderId: capture?.supplementary_data?.related_ids?.order_id ?? null };
  };

  /** A refund or reversal since the backup: the order the database holds ends as PayPal's. */
  async function givenBack(
    transactionId: string,
    code: string,
    captureId: string | undefined,
    amount: { value: string } | undefined,
  ) {
    if (!captureId) return;
    const { capture, orderId } = await orderOfCapture(captureId);
    if (!capture) return;
    // The money given back, for the tax report, under the id the webhook records it by (a refund's
    // own; a reversal's event names only its capture): recorded once, whichever comes first.
    const cents = parseAmount(amount?.value.replace(/^-/, '') ?? '');
    const id = code === REVERSAL ? `reversal:${captureId}` : transactionId;
    const booking = store.bookings.paymentByCapture(captureId)?.bookingId;
    if (booking) {
      const given = bookings.givenBackAtPayPal({ capture, id, cents, reversal: code === REVERSAL });
      if (given === 'recorded') {
        done.bookingRefunds += 1;
        refundedBookings.add(booking);
        report(`Booking ${booking}: a refund replayed`);
      }
      return;
    }
    const order = orderId ? store.findOrder(orderId) : null;
    if (!order || order.status === 'created') return;
    if (cents && cents > 0) orders.recordRefund(order, { id, cents });
    if (order.status === 'refunded') return;
    const full = ['REFUNDED', 'REVERSED'].includes(capture.status);
    orders.refund(
      order,
      'a refund found by the reconciliation',
      full,
      `reconciled:${transactionId}`,
    );
    if (full) done.refunded += 1;
    report(`Order ${order.id}: ${full ? 'refunded' : 'partly refunded'}`);
  }

  for (let start = since.getTime(); start < until.getTime(); start += WINDOW_MS) {
    const end = new Date(Math.min(start + WINDOW_MS, until.getTime()));
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = await paypal.searchTransactions(new Date(start), end, page);
      pages = answer.total_pages ?? 1;
      const found = answer.transaction_details ?? [];
      report(
        `PayPal's transactions from ${new Date(start).toISOString()} to ${end.toISOString()}: page ${page} of ${pages} (${found.length})`,
      );
      for (const { transaction_info: info } of found) {
        const code = info?.transaction_event_code ?? '';
        if (!info?.transaction_id || info.transaction_status !== 'S') continue;
        if (GIVEN_BACK.has(code)) {
          await givenBack(
            info.transaction_id,
            code,
            info.paypal_reference_id,
            info.transaction_amount,
          );
          continue;
        }
        // Payments received (event codes T00xx), completed.
        if (!code.startsWith('T00')) continue;
        done.payments += 1;
        const custom = readCustomId(info.custom_field);
        if (custom.kind === 'reference' && paid(store.findOrderByRef(custom.ref)?.id)) {
          done.held += 1;
          continue;
        }
        const { orderId } = await orderOfCapture(info.transaction_id);
        if (!orderId) {
          done.other += 1;
          continue;
        }
        // A wedding's instalment, sealed as one: recorded by its booking once (a repeat is held).
        if (custom.kind === 'legacy' && /^B-/.test(info.custom_field ?? '')) {
          const settled = await bookings.settle(orderId).catch(() => 'refused' as const);
          if (settled !== 'not-ours') {
            done.bookings += 1;
            report(`Booking payment ${orderId}: ${settled}`);
            continue;
          }
        }
        if (paid(orderId)) {
          done.held += 1;
          continue;
        }
        let result;
        try {
          result = await orders.deliver(orderId, { source: 'webhook' });
        } catch (error) {
          // PayPal unreachable ends the run (nothing changed for what was not read); any other
          // error is this order's alone: named, and the others go on.
          if (error instanceof PayPalUnavailable || error instanceof PayPalRefused) throw error;
          const reason = (error as Error).message;
          log.error({ msg: 'order not reconciled', orderId, error: reason });
          done.failed.push({ orderId, reason });
          report(`Order ${orderId}: could not be restored (${reason})`);
          continue;
        }
        log.info({ msg: 'reconciled', orderId, result: result.kind });
        if (result.kind === 'delivered') done[result.created ? 'delivered' : 'held'] += 1;
        else if (result.kind === 'pending') done.pending += 1;
        else if (result.kind === 'refused' && result.alerted) done.alerted += 1;
        else if (result.kind === 'refused' && result.refunded) done.refundedBefore += 1;
        else done.refused += 1;
        report(
          `Order ${orderId}: ${result.kind === 'refused' && result.alerted ? 'left to the studio (alerted)' : result.kind}`,
        );
      }
    }
  }
  // Refunds the restored database lacked on a booking it holds as going ahead: perhaps a
  // cancellation made after the backup, which the studio confirms (or not) at /studio/.
  for (const id of refundedBookings) bookings.refundsFound(id);
  return done;
}
