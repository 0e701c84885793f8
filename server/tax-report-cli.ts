// The quarter's tax figures: `npm run tax-report -- --quarter 2026Q4 --rate EUR=0.92 --rate
// GBP=0.79` (server/README.md, "Tax"). Prints per scheme and place the sales, net and tax in the
// shop's currency and the scheme's, and writes the CSV the return is typed from. Not tax advice.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openStore } from './store';
import { converted, quarterOf, reportCsv, taxReport } from './tax-report';

const usage = `Usage: npm run tax-report -- --quarter <year>Q<n> [--rate <CUR>=<rate> ...] [--csv <file>]
  --quarter 2026Q4: October to December 2026 (UTC), by the day each order was made.
  --rate EUR=0.92: units of the scheme's currency per unit of the shop's (the OSS asks for the
    ECB's rate of the quarter's last day; HMRC's for the UK). Without it, that currency's columns
    stay empty.
  --csv <file>: where the CSV goes (default: tax-<quarter>.csv in the current folder).
Exit codes: 0 done; 2 usage or settings.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const money = (cents: number) => (cents / 100).toFixed(2).padStart(11);

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
  const rates: Record<string, number> = {};
  for (const given of values.rate ?? []) {
    const match = /^([A-Z]{3})=(\d+(?:\.\d+)?)$/.exec(given);
    if (!match || !(Number(match[2]) > 0))
      fail(`--rate ${given}: a rate such as EUR=0.92.\n\n${usage}`);
    rates[match[1]!] = Number(match[2]);
  }
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
    const shopCurrency = orders[0]?.currency ?? 'USD';
    const refunds = store
      .refundsBetween(quarter.from, quarter.to)
      .map((refund) => ({ refund, order: store.findOrder(refund.orderId)! }));
    const report = taxReport(orders, quarter, refunds);
    const currencyOf = new Map(
      orders.flatMap((order) =>
        order.tax?.scheme && order.tax.schemeCurrency
          ? [[order.tax.scheme, order.tax.schemeCurrency] as const]
          : [],
      ),
    );
    const schemeCurrency = (scheme: string) => currencyOf.get(scheme) ?? shopCurrency;
    console.log(`Tax, ${quarter.name}: ${orders.length} orders made (not tax advice).`);
    let scheme = '';
    for (const row of report.rows) {
      if (row.scheme !== scheme) {
        scheme = row.scheme;
        const currency = schemeCurrency(scheme);
        const rate = currency === shopCurrency ? 1 : rates[currency];
        console.log(
          `\n${row.schemeName} (${scheme}); return in ${currency}${rate ? ` at ${rate}` : ', no --rate given'}`,
        );
        console.log(
          `  place                          rate  orders   net ${shopCurrency}   tax ${shopCurrency}  tax refunded     tax due${rate ? ` due in ${currency}` : ''}`,
        );
      }
      const currency = schemeCurrency(scheme);
      const rate = currency === shopCurrency ? 1 : rates[currency];
      console.log(
        `  ${`${row.place}${row.region ? ` (${row.region})` : ''}`.padEnd(30)} ${String(row.rate).padStart(5)} ${String(row.orders).padStart(7)} ${money(row.netCents)} ${money(row.taxCents)} ${money(row.refundTaxCents).padStart(13)} ${money(row.taxCents - row.refundTaxCents)}${rate ? ` ${money(converted(row.taxCents, rate) - converted(row.refundTaxCents, rate))}` : ''}`,
      );
    }
    console.log(
      `\nUntaxed (no scheme of the studio covers the place): ${report.untaxed.orders} orders, ${money(report.untaxed.grossCents).trim()} ${shopCurrency}.`,
    );
    if (report.unrecorded.orders > 0) {
      console.log(
        `Sold before the service recorded tax: ${report.unrecorded.orders} orders, ${money(report.unrecorded.grossCents).trim()} ${shopCurrency}.`,
      );
    }
    for (const sale of report.reverseCharged) {
      console.log(
        `Reverse charged (a business's VAT number VIES confirmed; not in the OSS return): ${sale.orderId}, ${sale.number} (${sale.country}), ${money(sale.cents).trim()} ${shopCurrency}.`,
      );
    }
    if (report.closed.length > 0) {
      console.log(
        `Paid from a place whose scheme the studio has not registered for (settle by hand): ${report.closed.join(', ')}.`,
      );
    }
    const file = values.csv ?? `tax-${quarter.name}.csv`;
    writeFileSync(file, reportCsv(report.rows, shopCurrency, schemeCurrency, rates));
    console.log(`CSV: ${file}`);
  } finally {
    store.close();
  }
}
