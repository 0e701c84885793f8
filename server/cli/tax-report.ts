// The quarter's tax figures: `npm run tax-report -- --quarter 2026Q4 --rate EUR=0.92 --rate
// GBP=0.79` (server/README.md, "Tax"). Prints per scheme and place the sales, net and tax in the
// shop's currency and the scheme's, and writes the CSV the return is typed from. Not tax advice.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openStore } from '../database';
import { formatAmount } from '@/lib/shared/money';
import { readCatalogCopy } from '../catalog/source';
import { converted, missingRates, quarterOf, readRates, reportCsv, taxReport } from '../tax/report';

const usage = `Usage: npm run tax-report -- --quarter <year>Q<n> [--rate [<FROM>:]<TO>=<rate> ...] [--csv <file>]
  --quarter 2026Q4: October to December 2026 (UTC), by the day each order was made.
  --rate EUR=0.92: units of the scheme's currency per unit of the shop's (the OSS asks for the
    ECB's rate of the quarter's last day; HMRC's for the UK); JPY:EUR=0.0061 for orders paid in
    another currency. Each pair once. Where rates to a scheme's currency are given, every
    currency its orders were paid in needs one; without any, that currency's columns stay empty.
  --csv <file>: where the CSV goes (default: tax-<quarter>.csv in the current folder).
Amounts of different currencies are never added: each place has a line per currency.
Exit codes: 0 done; 2 usage or settings (a missing rate named); 3 the CSV could not be written
  (the figures were printed).`;

function fail(message: string, code: 2 | 3 = 2): never {
  console.error(message);
  process.exit(code);
}

const money = (cents: number, currency: string) => formatAmount(cents, currency).padStart(11);

if (import.meta.url === `file://${process.argv[1]}`) {
  let values: { quarter?: string; rate?: string[]; csv?: string };
  try {
    ({ values } = parseArgs({
      options: {
        quarter: { type: 'string' },
        rate: { type: 'string', multiple: true },
        csv: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`);
  }
  const quarter = values.quarter ? quarterOf(values.quarter) : null;
  if (!quarter) fail(`--quarter ${values.quarter ?? ''}: a quarter such as 2026Q4.\n\n${usage}`);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fail(error.message);
  }
  const store = openStore(config.databasePath);
  try {
    const orders = store.ordersMadeBetween(quarter.from, quarter.to);
    // The shop's currency: the catalogue's the service last read, else the most orders'.
    const counts = new Map<string, number>();
    for (const order of orders) counts.set(order.currency, (counts.get(order.currency) ?? 0) + 1);
    const catalog = readCatalogCopy(config.catalogCachePath);
    const shopCurrency =
      catalog?.currency ?? [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'USD';
    const given = readRates(values.rate ?? [], shopCurrency);
    if ('problem' in given) fail(`${given.problem}\n\n${usage}`);
    const refunds = store
      .refundsBetween(quarter.from, quarter.to)
      .map((refund) => ({ refund, order: store.findOrder(refund.orderId)! }));
    const weddings = {
      payments: store.bookings.taxedPayments(quarter.from, quarter.to),
      refunds: store.bookings.taxedRefunds(quarter.from, quarter.to),
    };
    const report = taxReport(orders, quarter, refunds, weddings);
    // Each scheme's return is in its own currency: as the studio's tax table (content/tax.json)
    // names it, else as the sales recorded it; the shop's only where neither says.
    const currencyOf = new Map<string, string>([
      ...orders.flatMap((order) =>
        order.tax?.scheme && order.tax.schemeCurrency
          ? [[order.tax.scheme, order.tax.schemeCurrency] as const]
          : [],
      ),
      ...weddings.payments.flatMap((payment) =>
        payment.tax?.schemeCurrency
          ? [[payment.tax.scheme, payment.tax.schemeCurrency] as const]
          : [],
      ),
      ...(catalog?.tax?.schemes ?? []).map((scheme) => [scheme.id, scheme.currency] as const),
    ]);
    const schemeCurrency = (scheme: string) => currencyOf.get(scheme) ?? shopCurrency;
    const missing = missingRates(report.rows, schemeCurrency, given.pairs);
    if (missing.length > 0) {
      fail(
        `Orders paid in another currency than the return's have no rate: ${missing.map((pair) => `--rate ${pair}=…`).join(', ')}.\n\n${usage}`,
      );
    }
    console.log(
      `Tax, ${quarter.name}: ${orders.length} orders made, ${weddings.payments.length} wedding payments made and ${weddings.refunds.length} refunded (not tax advice).`,
    );
    let scheme = '';
    for (const row of report.rows) {
      const currency = schemeCurrency(row.scheme);
      const rate = given.rates(row.currency, currency);
      if (`${row.supply}|${row.scheme}` !== scheme) {
        scheme = `${row.supply}|${row.scheme}`;
        const weddings = row.supply === 'wedding services' ? ': wedding services' : '';
        console.log(`\n${row.schemeName} (${row.scheme})${weddings}; return in ${currency}`);
        console.log(
          `  place                          rate  orders  currency        net        tax  tax refunded     tax due  due in ${currency}`,
        );
      }
      const due = rate
        ? money(converted(row.taxCents, rate) - converted(row.refundTaxCents, rate), currency)
        : '   (no rate)';
      console.log(
        `  ${`${row.place}${row.region ? ` (${row.region})` : ''}`.padEnd(30)} ${String(row.rate).padStart(5)} ${String(row.orders).padStart(7)} ${row.currency.padStart(9)} ${money(row.netCents, row.currency)} ${money(row.taxCents, row.currency)} ${money(row.refundTaxCents, row.currency).padStart(13)} ${money(row.taxCents - row.refundTaxCents, row.currency)} ${due}${rate && rate !== 1 ? ` at ${rate}` : ''}`,
      );
    }
    const totals = (sums: typeof report.untaxed) =>
      Object.entries(sums)
        .map(
          ([currency, sum]) =>
            `${sum.orders} orders, ${formatAmount(sum.grossCents, currency)} ${currency}`,
        )
        .join('; ') || '0 orders';
    console.log(`\nUntaxed (no scheme of the studio covers the place): ${totals(report.untaxed)}.`);
    if (Object.keys(report.unrecorded).length > 0) {
      console.log(`Sold before the service recorded tax: ${totals(report.unrecorded)}.`);
    }
    for (const sale of report.reverseCharged) {
      console.log(
        `Reverse charged (a business's VAT number VIES confirmed; not in the OSS return): ${sale.orderId}, ${sale.number} (${sale.country}), ${formatAmount(sale.cents, sale.currency)} ${sale.currency}.`,
      );
    }
    if (report.closed.length > 0) {
      console.log(
        `Paid from a place whose scheme the studio has not registered for (settle by hand): ${report.closed.join(', ')}.`,
      );
    }
    if (report.regionUnknown.length > 0) {
      console.log(
        `Canadian orders whose province is not known (recorded at the federal GST; settle the province by hand): ${report.regionUnknown.join(', ')}.`,
      );
    }
    const lacking = missingRates(report.rows, schemeCurrency, given.pairs, true);
    if (lacking.length > 0) {
      console.log(
        `\nNo rate given for: ${lacking.map((pair) => `--rate ${pair}=…`).join(', ')} (those lines' returns are not converted).`,
      );
    }
    const file = values.csv ?? `tax-${quarter.name}.csv`;
    try {
      writeFileSync(file, reportCsv(report.rows, schemeCurrency, given.rates));
    } catch (error) {
      fail(`The CSV could not be written to ${file}: ${(error as Error).message}`, 3);
    }
    console.log(`CSV: ${file}`);
  } finally {
    store.close();
  }
}
