// The fake PayPal's Transaction Search (GET /v1/reporting/transactions), as PayPal's published
// reporting specification describes it: the query checked against the operation's parameters,
// the answer against its `search_response` schema, and the documented rules beyond the schema
// (a date range of at most 31 days, the end after the start).
import type { Hono } from 'hono';
import type { PayPalCapture, PayPalOrder, PurchaseUnit } from '../../paypal/orders';
import { invalid } from './rules';
import { schemaIssues } from './schemas';

const DAY = 24 * 60 * 60 * 1000;

/** One line of the studio's PayPal activity: a capture received, or a refund paid out. */
type Transaction = {
  transaction_info: Record<string, unknown> & {
    transaction_id: string;
    transaction_status: string;
    transaction_initiation_date: string;
  };
  payer_info?: Record<string, unknown>;
};

const dateOf = (time: number) => new Date(time).toISOString().replace(/\.\d+Z$/, 'Z');

export function transactionSearch(
  app: Hono,
  { authorized, now }: { authorized: (header: string | undefined) => boolean; now: () => number },
) {
  const transactions: Transaction[] = [];

  app.get('/v1/reporting/transactions', (c) => {
    if (!authorized(c.req.header('authorization'))) {
      return c.json(
        { error: 'invalid_token', error_description: 'Token signature verification failed' },
        401,
      );
    }
    const query = c.req.query();
    const issues = schemaIssues('searchTransactions', { ...query });
    if (issues.length > 0) return c.json(invalid(issues), 400);
    const start = Date.parse(query.start_date!);
    const end = Date.parse(query.end_date!);
    const range = (issue: string) =>
      c.json(invalid([{ field: 'start_date', issue, description: issue }]), 400);
    if (Number.isNaN(start) || Number.isNaN(end)) return range('Invalid date');
    if (end < start) return range('End date must be after the start date');
    if (end - start > 31 * DAY) return range('Date range is greater than 31 days');
    const fields = (query.fields ?? 'transaction_info').split(',');
    const all = fields.includes('all');
    const found = transactions.filter(({ transaction_info: info }) => {
      const at = Date.parse(info.transaction_initiation_date);
      return (
        at >= start &&
        at <= end &&
        (!query.transaction_status || info.transaction_status === query.transaction_status) &&
        (!query.transaction_id || info.transaction_id === query.transaction_id)
      );
    });
    const size = Number(query.page_size ?? 100);
    const page = Number(query.page ?? 1);
    const listed = found.slice((page - 1) * size, page * size);
    const answer = {
      // The published schema wants at least one item in a list: an empty one is left out.
      ...(listed.length > 0
        ? {
            transaction_details: listed.map((each) => ({
              transaction_info: each.transaction_info,
              ...((all || fields.includes('payer_info')) && each.payer_info
                ? { payer_info: each.payer_info }
                : {}),
            })),
          }
        : {}),
      account_number: 'FAKEMERCHANT01',
      start_date: dateOf(start),
      end_date: dateOf(end),
      last_refreshed_datetime: dateOf(now()),
      page,
      total_items: found.length,
      total_pages: Math.max(1, Math.ceil(found.length / size)),
      links: [{ href: new URL(c.req.url).href, rel: 'self', method: 'GET' }],
    };
    const own = schemaIssues('searchResponse', answer);
    if (own.length > 0) throw new Error(`The fake's own search answer: ${JSON.stringify(own)}`);
    return c.json(answer);
  });

  const find = (id: string) =>
    transactions.find((each) => each.transaction_info.transaction_id === id);

  return {
    /** A capture, as it appears in the activity (pending until it completes). */
    captured(capture: PayPalCapture, unit: PurchaseUnit, payer: PayPalOrder['payer']) {
      transactions.push({
        transaction_info: {
          paypal_account_id: 'FAKEPAYER2345',
          transaction_id: capture.id,
          transaction_event_code: 'T0006',
          transaction_initiation_date: dateOf(now()),
          transaction_updated_date: dateOf(now()),
          transaction_amount: capture.amount,
          transaction_status: capture.status === 'COMPLETED' ? 'S' : 'P',
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          ...(unit.custom_id ? { custom_field: unit.custom_id } : {}),
        },
        payer_info: {
          account_id: 'FAKEPAYER2345',
          ...(payer?.email_address ? { email_address: payer.email_address } : {}),
          ...(payer?.name ? { payer_name: payer.name } : {}),
        },
      });
    },
    /** A pending capture completed. */
    completed(captureId: string) {
      const found = find(captureId);
      if (found) {
        found.transaction_info.transaction_status = 'S';
        found.transaction_info.transaction_updated_date = dateOf(now());
      }
    },
    /**
     * A refund of a capture (T1107), or its reversal by PayPal after a chargeback (T1106): a
     * transaction of its own, money going out, naming the capture it gives back as its reference
     * (a "TXN").
     */
    refunded(
      refundId: string,
      amount: { currency_code: string; value: string },
      unit: PurchaseUnit,
      captureId: string,
      code: 'T1107' | 'T1106' = 'T1107',
    ) {
      transactions.push({
        transaction_info: {
          transaction_id: refundId,
          paypal_reference_id: captureId,
          paypal_reference_id_type: 'TXN',
          transaction_event_code: code,
          transaction_initiation_date: dateOf(now()),
          transaction_updated_date: dateOf(now()),
          transaction_amount: { ...amount, value: `-${amount.value}` },
          transaction_status: 'S',
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          ...(unit.custom_id ? { custom_field: unit.custom_id } : {}),
        },
      });
    },
  };
}
