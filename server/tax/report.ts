// The quarter's figures for the studio's tax returns (`npm run tax-report`): per scheme, place and
// currency, the sales, their net and the tax they included, in the orders' currency and in the
// scheme's at the rates the studio gives (the OSS asks for the ECB's rate of the quarter's last
// day). Amounts of different currencies are never added together.
import { formatAmount } from '@/lib/shared/money';
import type { OrderTax } from './order-tax';

/** A quarter as the returns name it: 2026Q4 is October to December 2026, in UTC. */
export function quarterOf(text: string): { from: number; to: number; name: string } | null {
  const match = /^(\d{4})Q([1-4])$/.exec(text.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  // The shop sold nothing before 2000: "0000Q1" is a typo, not a quarter.
  if (year < 2000) return null;
  const first = (Number(match[2]) - 1) * 3;
  return {
    from: Date.UTC(year, first, 1),
    to: Date.UTC(year, first + 3, 1),
    name: `${year}Q${match[2]}`,
  };
}

/** What a row sells: the shop's packs, or weddings booked on the site (server/booking/). */
export type Supply = 'digital goods' | 'wedding services';

/** One line of the return: a place of a scheme at one rate, of one kind of supply. */
export type ReportRow = {
  supply: Supply;
  scheme: string;
  schemeName: string;
  country: string;
  region: string | null;
  place: string;
  rate: number;
  /** The currency the orders were paid in: a row never adds two. */
  currency: string;
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

/** What the report reads of a shop order (the store's OrderRecord). */
type SoldOrder = {
  id: string;
  status: string;
  createdAt: number;
  currency: string;
  totalCents: number;
  tax: OrderTax | null;
};

/** Money moved on a wedding (a payment or a refund), with its booking's currency and tax. */
type WeddingMoney = {
  at: number;
  cents: number;
  taxCents: number;
  currency: string;
  tax: {
    scheme: string;
    schemeName: string;
    country: string;
    region: string | null;
    place: string;
    ratePercent: number;
  } | null;
};

/**
 * The quarter's sales per scheme, place and rate, from each order's tax record, by the day the
 * order was made, and the refunds made in the quarter, by the day of the refund (on the sale's
 * scheme, place and rate). Orders of no scheme (an untaxed place), orders reverse-charged to a
 * business and orders without a record (sold before tax) are counted apart, so the studio sees
 * what the return leaves out.
 */
export function taxReport(
  orders: readonly SoldOrder[],
  quarter: { from: number; to: number },
  refunds: readonly {
    refund: { at: number; cents: number; taxCents: number };
    order: SoldOrder;
  }[] = [],
  /** Weddings' payments and refunds made in the quarter: wedding services, by the day paid. */
  weddings: { payments: readonly WeddingMoney[]; refunds: readonly WeddingMoney[] } = {
    payments: [],
    refunds: [],
  },
) {
  const rows = new Map<string, ReportRow>();
  const rowOf = (
    tax: Pick<OrderTax, 'scheme' | 'schemeName' | 'country' | 'region' | 'place' | 'rate'>,
    currency: string,
    supply: Supply = 'digital goods',
  ) => {
    const key = [supply, tax.scheme, tax.country, tax.region ?? '', tax.rate, currency].join('|');
    const row = rows.get(key) ?? {
      supply,
      scheme: tax.scheme!,
      schemeName: tax.schemeName ?? tax.scheme!,
      country: tax.country!,
      region: tax.region,
      place: tax.place ?? tax.country!,
      rate: tax.rate,
      currency,
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
  /** Orders of no scheme, and orders sold before tax was recorded: per currency. */
  const untaxed: Totals = {};
  const unrecorded: Totals = {};
  const add = (totals: Totals, order: Pick<SoldOrder, 'currency' | 'totalCents'>) => {
    const sum = (totals[order.currency] ??= { orders: 0, grossCents: 0 });
    sum.orders += 1;
    sum.grossCents += order.totalCents;
  };
  /** Sold to businesses whose VAT numbers VIES confirmed: no VAT, not in the OSS return. */
  const reverseCharged: {
    orderId: string;
    number: string;
    country: string;
    cents: number;
    currency: string;
  }[] = [];
  const closed: string[] = [];
  /** Canadian orders whose province no evidence named readably: for the studio to settle. */
  const regionUnknown: string[] = [];
  for (const order of orders) {
    if (!SOLD.has(order.status) || order.createdAt < quarter.from || order.createdAt >= quarter.to)
      continue;
    const tax = order.tax;
    if (!tax) {
      add(unrecorded, order);
      continue;
    }
    if (tax.closed) closed.push(order.id);
    if (tax.regionUnknown) regionUnknown.push(order.id);
    if (tax.reverseCharged) {
      const { number } = tax.business!;
      reverseCharged.push({
        orderId: order.id,
        number,
        country: tax.country!,
        cents: order.totalCents,
        currency: order.currency,
      });
      continue;
    }
    if (!tax.scheme || !tax.country || tax.closed) {
      add(untaxed, order);
      continue;
    }
    const row = rowOf(tax, order.currency);
    row.orders += 1;
    row.grossCents += order.totalCents;
    row.netCents += tax.netCents;
    row.taxCents += tax.taxCents;
  }
  for (const { refund, order } of refunds) {
    const tax = order.tax;
    if (refund.at < quarter.from || refund.at >= quarter.to) continue;
    if (!tax?.scheme || !tax.country || tax.closed || tax.reverseCharged) continue;
    const row = rowOf(tax, order.currency);
    row.refunds += 1;
    row.refundCents += refund.cents;
    row.refundTaxCents += refund.taxCents;
  }
  // A wedding's payment is a supply of the quarter it was paid in (the tax in each instalment);
  // a refund of one counts in the quarter it was made, each refund's row once.
  const inQuarter = (at: number) => at >= quarter.from && at < quarter.to;
  const weddingRow = (tax: NonNullable<WeddingMoney['tax']>, currency: string) =>
    rowOf({ ...tax, rate: tax.ratePercent }, currency, 'wedding services');
  for (const payment of weddings.payments) {
    if (!inQuarter(payment.at)) continue;
    if (!payment.tax) {
      add(untaxed, { currency: payment.currency, totalCents: payment.cents });
      continue;
    }
    const row = weddingRow(payment.tax, payment.currency);
    row.orders += 1;
    row.grossCents += payment.cents;
    row.netCents += payment.cents - payment.taxCents;
    row.taxCents += payment.taxCents;
  }
  for (const refund of weddings.refunds) {
    if (!refund.tax || !inQuarter(refund.at)) continue;
    const row = weddingRow(refund.tax, refund.currency);
    row.refunds += 1;
    row.refundCents += refund.cents;
    row.refundTaxCents += refund.taxCents;
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.supply.localeCompare(b.supply) ||
      a.scheme.localeCompare(b.scheme) ||
      a.country.localeCompare(b.country) ||
      (a.region ?? '').localeCompare(b.region ?? '') ||
      a.rate - b.rate ||
      a.currency.localeCompare(b.currency),
  );
  return { rows: sorted, untaxed, unrecorded, reverseCharged, closed, regionUnknown };
}

type Totals = Record<string, { orders: number; grossCents: number }>;

/**
 * Units of `to` per unit of `from`, as the studio gave them (1 within one currency), or undefined.
 * Given as "EUR=0.92" (from the shop's currency) or "JPY:EUR=0.0061".
 */
export type Rates = (from: string, to: string) => number | undefined;

/** The rates a command line gives, or the first problem with them (a malformed or repeated one). */
export function readRates(
  given: readonly string[],
  shopCurrency: string,
): { rates: Rates; pairs: Map<string, number> } | { problem: string } {
  const pairs = new Map<string, number>();
  for (const each of given) {
    const match = /^(?:([A-Z]{3}):)?([A-Z]{3})=(\d+(?:\.\d+)?)$/.exec(each);
    if (!match || !(Number(match[3]) > 0)) {
      return { problem: `--rate ${each}: a rate such as EUR=0.92 or JPY:EUR=0.0061.` };
    }
    const key = `${match[1] ?? shopCurrency}:${match[2]}`;
    if (pairs.has(key)) return { problem: `--rate ${each}: ${key} is given twice.` };
    pairs.set(key, Number(match[3]));
  }
  return {
    pairs,
    rates: (from, to) => (from === to ? 1 : pairs.get(`${from}:${to}`)),
  };
}

/**
 * The rows a return in `schemeCurrency` cannot convert: a currency of the orders without a rate
 * to it, where the studio gave rates to that currency (without any, its columns stay empty), or
 * wherever one lacks with `every`.
 */
export function missingRates(
  rows: readonly ReportRow[],
  schemeCurrency: (scheme: string) => string,
  pairs: ReadonlyMap<string, number>,
  every = false,
): string[] {
  const missing = new Set<string>();
  for (const row of rows) {
    const to = schemeCurrency(row.scheme);
    const wanted = every || [...pairs.keys()].some((key) => key.endsWith(`:${to}`));
    if (wanted && row.currency !== to && !pairs.has(`${row.currency}:${to}`)) {
      missing.add(`${row.currency}:${to}`);
    }
  }
  return [...missing];
}

/** Cents of the shop's currency in the scheme's, at `rate` units of it per unit of the shop's. */
export const converted = (cents: number, rate: number) => Math.round(cents * rate);

/**
 * The CSV the return is typed from: one line per scheme, place, rate and currency, with the
 * amounts in the orders' currency (its decimals) and, where the studio gave its rate, in the
 * scheme's.
 */
export function reportCsv(
  rows: readonly ReportRow[],
  schemeCurrency: (scheme: string) => string,
  rates: Rates,
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
    'currency',
    'gross',
    'net',
    'tax',
    'refunds',
    'refunded',
    'tax refunded',
    'tax due',
    'scheme currency',
    'exchange rate',
    'net in scheme currency',
    'tax in scheme currency',
    'tax refunded in scheme currency',
    'tax due in scheme currency',
    'supply',
  ];
  const lines = rows.map((row) => {
    const currency = schemeCurrency(row.scheme);
    const rate = rates(row.currency, currency);
    const amount = (cents: number) => formatAmount(cents, row.currency);
    const inScheme = (cents: number) => formatAmount(cents, currency);
    return [
      row.scheme,
      row.country,
      row.region ?? '',
      row.place,
      String(row.rate),
      String(row.orders),
      row.currency,
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
            inScheme(converted(row.netCents, rate)),
            inScheme(converted(row.taxCents, rate)),
            inScheme(converted(row.refundTaxCents, rate)),
            inScheme(converted(row.taxCents, rate) - converted(row.refundTaxCents, rate)),
          ]),
      row.supply,
    ];
  });
  return [header, ...lines].map((line) => line.map(quote).join(',')).join('\n') + '\n';
}
