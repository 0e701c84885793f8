// The quarter's figures for the studio's tax returns (`npm run tax-report`): per scheme and place,
// the sales, their net and the tax they included, in the shop's currency and in the scheme's at
// the rate the studio gives (the OSS asks for the ECB's rate of the quarter's last day).
import type { OrderRecord, RefundRecord } from './store';

/** A quarter as the returns name it: 2026Q4 is October to December 2026, in UTC. */
export function quarterOf(text: string): { from: number; to: number; name: string } | null {
  const match = /^(\d{4})Q([1-4])$/.exec(text.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  const first = (Number(match[2]) - 1) * 3;
  return {
    from: Date.UTC(year, first, 1),
    to: Date.UTC(year, first + 3, 1),
    name: `${year}Q${match[2]}`,
  };
}

/** One line of the return: a place of a scheme at one rate. */
export type ReportRow = {
  scheme: string;
  schemeName: string;
  country: string;
  region: string | null;
  place: string;
  rate: number;
  orders: number;
  grossCents: number;
  netCents: number;
  taxCents: number;
  /** Money given back in the quarter (on sales of any quarter), and the tax in it. */
  refunds: number;
  refundCents: number;
  refundTaxCents: number;
};

/** Orders the buyer paid for and kept, or that were refunded since (their sale stands). */
const SOLD = new Set(['paid', 'delivered', 'refunded']);

/**
 * The quarter's sales per scheme, place and rate, from each order's tax record, by the day the
 * order was made, and the refunds made in the quarter, by the day of the refund (on the sale's
 * scheme, place and rate). Orders of no scheme (an untaxed place), orders reverse-charged to a
 * business and orders without a record (sold before tax) are counted apart, so the studio sees
 * what the return leaves out.
 */
export function taxReport(
  orders: readonly OrderRecord[],
  quarter: { from: number; to: number },
  refunds: readonly { refund: RefundRecord; order: OrderRecord }[] = [],
) {
  const rows = new Map<string, ReportRow>();
  const rowOf = (tax: NonNullable<OrderRecord['tax']>) => {
    const key = [tax.scheme, tax.country, tax.region ?? '', tax.rate].join('|');
    const row = rows.get(key) ?? {
      scheme: tax.scheme!,
      schemeName: tax.schemeName ?? tax.scheme!,
      country: tax.country!,
      region: tax.region,
      place: tax.place ?? tax.country!,
      rate: tax.rate,
      orders: 0,
      grossCents: 0,
      netCents: 0,
      taxCents: 0,
      refunds: 0,
      refundCents: 0,
      refundTaxCents: 0,
    };
    rows.set(key, row);
    return row;
  };
  let untaxed = { orders: 0, grossCents: 0 };
  let unrecorded = { orders: 0, grossCents: 0 };
  /** Sold to businesses whose VAT numbers VIES confirmed: no VAT, not in the OSS return. */
  const reverseCharged: { orderId: string; number: string; country: string; cents: number }[] = [];
  const closed: string[] = [];
  for (const order of orders) {
    if (!SOLD.has(order.status) || order.createdAt < quarter.from || order.createdAt >= quarter.to)
      continue;
    const tax = order.tax;
    if (!tax) {
      unrecorded = {
        orders: unrecorded.orders + 1,
        grossCents: unrecorded.grossCents + order.totalCents,
      };
      continue;
    }
    if (tax.closed) closed.push(order.id);
    if (tax.reverseCharged) {
      const { number } = tax.business!;
      reverseCharged.push({
        orderId: order.id,
        number,
        country: tax.country!,
        cents: order.totalCents,
      });
      continue;
    }
    if (!tax.scheme || !tax.country || tax.closed) {
      untaxed = { orders: untaxed.orders + 1, grossCents: untaxed.grossCents + order.totalCents };
      continue;
    }
    const row = rowOf(tax);
    row.orders += 1;
    row.grossCents += order.totalCents;
    row.netCents += tax.netCents;
    row.taxCents += tax.taxCents;
  }
  for (const { refund, order } of refunds) {
    const tax = order.tax;
    if (refund.at < quarter.from || refund.at >= quarter.to) continue;
    if (!tax?.scheme || !tax.country || tax.closed || tax.reverseCharged) continue;
    const row = rowOf(tax);
    row.refunds += 1;
    row.refundCents += refund.cents;
    row.refundTaxCents += refund.taxCents;
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.scheme.localeCompare(b.scheme) ||
      a.country.localeCompare(b.country) ||
      (a.region ?? '').localeCompare(b.region ?? '') ||
      a.rate - b.rate,
  );
  return { rows: sorted, untaxed, unrecorded, reverseCharged, closed };
}

/** Cents of the shop's currency in the scheme's, at `rate` units of it per unit of the shop's. */
export const converted = (cents: number, rate: number) => Math.round(cents * rate);

const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * The CSV the return is typed from: one line per scheme, place and rate, with the amounts in the
 * shop's currency and, where the studio gave its rate, in the scheme's.
 */
export function reportCsv(
  rows: readonly ReportRow[],
  shopCurrency: string,
  schemeCurrency: (scheme: string) => string,
  rates: Readonly<Record<string, number>>,
): string {
  const quote = (value: string) =>
    /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const header = [
    'scheme',
    'country',
    'region',
    'place',
    'rate',
    'orders',
    `gross ${shopCurrency}`,
    `net ${shopCurrency}`,
    `tax ${shopCurrency}`,
    'refunds',
    `refunded ${shopCurrency}`,
    `tax refunded ${shopCurrency}`,
    `tax due ${shopCurrency}`,
    'scheme currency',
    'exchange rate',
    'net in scheme currency',
    'tax in scheme currency',
    'tax refunded in scheme currency',
    'tax due in scheme currency',
  ];
  const lines = rows.map((row) => {
    const currency = schemeCurrency(row.scheme);
    const rate = currency === shopCurrency ? 1 : rates[currency];
    return [
      row.scheme,
      row.country,
      row.region ?? '',
      row.place,
      String(row.rate),
      String(row.orders),
      amount(row.grossCents),
      amount(row.netCents),
      amount(row.taxCents),
      String(row.refunds),
      amount(row.refundCents),
      amount(row.refundTaxCents),
      amount(row.taxCents - row.refundTaxCents),
      currency,
      ...(rate === undefined
        ? ['', '', '', '', '']
        : [
            String(rate),
            amount(converted(row.netCents, rate)),
            amount(converted(row.taxCents, rate)),
            amount(converted(row.refundTaxCents, rate)),
            amount(converted(row.taxCents, rate) - converted(row.refundTaxCents, rate)),
          ]),
    ];
  });
  return [header, ...lines].map((line) => line.map(quote).join(',')).join('\n') + '\n';
}
