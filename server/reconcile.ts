// After a restore: every payment PayPal received since a moment, delivered when the database
// lacks it (npm run reconcile, README "Restoring the orders database"). PayPal is the ledger; the
// database is a cache of it.
import type { Log } from './log';
import type { OrderService } from './orders';
import type { PayPalClient } from './paypal';
import { readCustomId } from './paypal-orders';
import type { Store } from './store';

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
  /** Paid but not deliverable as it stands: the studio was alerted for each. */
  refused: number;
  /** Not a checkout payment (money sent by hand, say). */
  other: number;
};

/**
 * Delivers, once, every order paid at PayPal between `since` and `until` that the database does
 * not hold as paid: each payment of PayPal's Transaction Search is traced to its order, and an
 * order the database lacks is restored from PayPal's record (orders/deliver.ts). Running it again
 * delivers nothing twice. `report` hears what is being done.
 */
export async function reconcile(
  {
    store,
    paypal,
    orders,
    log,
  }: { store: Store; paypal: PayPalClient; orders: OrderService; log: Log },
  {
    since,
    until = new Date(),
    report = () => {},
  }: { since: Date; until?: Date; report?: (line: string) => void },
): Promise<Reconciled> {
  const done: Reconciled = { payments: 0, held: 0, delivered: 0, pending: 0, refused: 0, other: 0 };
  const paid = (id: string | null | undefined) => {
    const order = id ? store.findOrder(id) : null;
    return !!order && order.status !== 'created';
  };
  for (let start = since.getTime(); start < until.getTime(); start += WINDOW_MS) {
    const end = new Date(Math.min(start + WINDOW_MS, until.getTime()));
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = await paypal.searchTransactions(new Date(start), end, page);
      pages = answer.total_pages ?? 1;
      const found = answer.transaction_details ?? [];
      report(
        `PayPal's payments from ${new Date(start).toISOString()} to ${end.toISOString()}: page ${page} of ${pages} (${found.length})`,
      );
      for (const { transaction_info: info } of found) {
        // Payments received (event codes T00xx), completed.
        if (!info?.transaction_id || !info.transaction_event_code?.startsWith('T00')) continue;
        if (info.transaction_status !== 'S') continue;
        done.payments += 1;
        const custom = readCustomId(info.custom_field);
        if (custom.kind === 'reference' && paid(store.findOrderByRef(custom.ref)?.id)) {
          done.held += 1;
          continue;
        }
        const capture = await paypal.getCapture(info.transaction_id);
        const orderId = capture?.supplementary_data?.related_ids?.order_id;
        if (!orderId) {
          done.other += 1;
          continue;
        }
        if (paid(orderId)) {
          done.held += 1;
          continue;
        }
        const result = await orders.deliver(orderId, { source: 'webhook' });
        log.info({ msg: 'reconciled', orderId, result: result.kind });
        if (result.kind === 'delivered') done[result.created ? 'delivered' : 'held'] += 1;
        else if (result.kind === 'pending') done.pending += 1;
        else done.refused += 1;
        report(`Order ${orderId}: ${result.kind}`);
      }
    }
  }
  return done;
}
