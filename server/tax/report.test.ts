// `npm run tax-report`: a quarter of orders in six places, one American, one restored from PayPal,
// one unpaid and one of the next quarter, summed per scheme and place, printed and written as CSV.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { tax as table } from '@/lib/content';
import { openStore } from '../database';
import type { OrderRecord } from '../orders/records';
import { orderTax, taxFromPayPal } from './order-tax';
import type { VatNumberCheck } from './vies';
import { missingRates, quarterOf, readRates, reportCsv, taxReport } from './report';
import { storedProposal } from '../testing/booking';

const q4 = quarterOf('2026q4')!;
let n = 0;
/** A paid order of one $39.99 pack, made on `day`, by a buyer who gave `country`. */
function order(
  country: string | null,
  {
    region = null as string | null,
    day = '2026-11-02',
    status = 'delivered' as OrderRecord['status'],
    paypal = country,
    business = null as VatNumberCheck | null,
  } = {},
): OrderRecord {
  n += 1;
  // A business VIES confirmed buys at the price net of its country's VAT: 39.99 less 6.38 in Germany.
  const price = business?.check === 'valid' ? 3361 : 3999;
  return {
    id: `ORDER-${n}`,
    ref: `SJ-${String(n).padStart(12, '0')}`,
    email: `buyer${n}@example.com`,
    name: 'Buyer',
    phone: '',
    address: '',
    lines: [{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: price, quantity: 1 }],
    totalCents: price,
    currency: 'USD',
    discountCode: null,
    discountCents: 0,
    source: 'checkout',
    status,
    createdAt: Date.parse(`${day}T12:00:00Z`),
    terms: null,
    tax: orderTax(
      table,
      { given: country, givenRegion: region, paypal, paypalRegion: null, cdn: null },
      [price],
      0,
      'USD',
      business,
      business?.check === 'valid',
    ),
  };
}

/** A business's VAT number as VIES answered it at the order. */
const checked = (number: string, check: VatNumberCheck['check']): VatNumberCheck => ({
  number,
  check,
  checkedAt: '2026-11-03T10:00:00.000Z',
  consultation: null,
});

const orders = [
  order('DE'),
  order('DE', { day: '2026-12-31' }),
  order('FR'),
  order('GB'),
  order('IN'),
  order('CA', { region: 'ON' }),
  order('CA', { region: 'BC' }),
  order('US'),
  // Restored after a database loss: PayPal's payer country alone.
  {
    ...order(null),
    source: 'recovery' as const,
    tax: taxFromPayPal(
      table,
      { id: 'X', status: 'COMPLETED', payer: { address: { country_code: 'DE' } } },
      [{ priceCents: 3999 }],
      0,
      'USD',
    ),
  },
  // A German business whose number VIES confirmed: no VAT, and not in the OSS return.
  order('DE', { business: checked('DE136695976', 'valid') }),
  // A French business VIES did not answer for: VAT included, as for a consumer.
  order('FR', { business: checked('FR40303265045', 'unavailable') }),
  order('DE', { status: 'created' }),
  order('DE', { day: '2027-01-01' }),
  { ...order('DE'), tax: null },
];

test('quarters are read as the returns name them', () => {
  assert.deepEqual(q4, {
    from: Date.UTC(2026, 9, 1),
    to: Date.UTC(2027, 0, 1),
    name: '2026Q4',
  });
  assert.equal(quarterOf('2026Q5'), null);
  assert.equal(quarterOf('0000Q1'), null);
  assert.equal(quarterOf('Q4 2026'), null);
});

/** $10 given back on the first German order in Q4; the French one refunded in full in January. */
const refunds = [
  {
    refund: {
      id: 'R-1',
      orderId: 'ORDER-1',
      cents: 1000,
      taxCents: 160,
      at: Date.UTC(2026, 11, 1),
    },
    order: orders[0]!,
  },
  {
    refund: { id: 'R-2', orderId: 'ORDER-3', cents: 3999, taxCents: 667, at: Date.UTC(2027, 0, 5) },
    order: orders[2]!,
  },
];

test('per scheme, place and rate: the quarter’s paid orders, their net and tax, its refunds; the rest said apart', () => {
  const report = taxReport(orders, q4, refunds);
  assert.deepEqual(
    report.rows.map((row) => [
      row.scheme,
      row.country,
      row.region,
      row.rate,
      row.orders,
      row.netCents,
      row.taxCents,
      row.refundTaxCents,
    ]),
    [
      ['ca-gst-hst', 'CA', 'BC', 5, 1, 3809, 190, 0],
      ['ca-gst-hst', 'CA', 'ON', 13, 1, 3539, 460, 0],
      // Two made in the quarter (its last day included) and the restored one; $10 given back.
      ['eu-oss', 'DE', null, 19, 3, 3 * 3361, 3 * 638, 160],
      // Its refund is in the next quarter's return; the business VIES did not answer for beside it.
      ['eu-oss', 'FR', null, 20, 2, 2 * 3332, 2 * 667, 0],
      ['in-oidar', 'IN', null, 18, 1, 3389, 610, 0],
      ['uk-vat', 'GB', null, 20, 1, 3332, 667, 0],
    ],
  );
  assert.deepEqual(report.untaxed, { USD: { orders: 1, grossCents: 3999 } });
  assert.deepEqual(report.unrecorded, { USD: { orders: 1, grossCents: 3999 } });
  assert.deepEqual(
    report.reverseCharged.map((sale) => [sale.number, sale.country, sale.cents]),
    [['DE136695976', 'DE', 3361]],
  );

  const given = readRates(['EUR=0.92'], 'USD');
  assert.ok(!('problem' in given));
  const csv = reportCsv(
    report.rows,
    (scheme) => (scheme === 'eu-oss' ? 'EUR' : 'USD'),
    given.rates,
  );
  const lines = csv.trim().split('\n');
  assert.equal(
    lines[0],
    'scheme,country,region,place,rate,orders,currency,gross,net,tax,refunds,refunded,tax refunded,tax due,scheme currency,exchange rate,net in scheme currency,tax in scheme currency,tax refunded in scheme currency,tax due in scheme currency,supply',
  );
  // 3 × 6.38 = 19.14 USD of German VAT, less the 1.60 given back: 17.54 USD; in EUR at 0.92.
  assert.equal(
    lines[3],
    'eu-oss,DE,,Germany,19,3,USD,119.97,100.83,19.14,1,10.00,1.60,17.54,EUR,0.92,92.76,17.61,1.47,16.14,digital goods',
  );
  // The next quarter: the German order of 1 January, and the French refund.
  const q1 = taxReport(orders, quarterOf('2027Q1')!, refunds);
  assert.deepEqual(
    q1.rows.map((row) => [row.country, row.orders, row.refundCents, row.refundTaxCents]),
    [
      ['DE', 1, 0, 0],
      ['FR', 0, 3999, 667],
    ],
  );
});

test('the command prints the quarter and writes its CSV from the service’s database', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tax-report-'));
  try {
    const store = openStore(path.join(dir, 'orders.sqlite'));
    for (const { status, ...each } of orders) {
      if (status === 'created') store.createOrder(each);
      // Recorded as paid as a restore records them (the checkout's path moves a created one).
      else store.recordPaid({ ...each, source: 'recovery' }, [], [], each.createdAt);
    }
    store.close();
    const csv = path.join(dir, 'q4.csv');
    const run = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli/tax-report.ts',
        '--quarter',
        '2026Q4',
        '--rate',
        'EUR=0.92',
        '--csv',
        csv,
      ],
      { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir } },
    );
    assert.match(run.stdout, /EU VAT, non-Union OSS \(eu-oss\); return in EUR\n/);
    assert.match(
      run.stdout,
      /Germany +19 +3 +USD +100\.83 +19\.14 +0\.00 +19\.14 +17\.61 at 0\.92/,
    );
    assert.match(
      run.stdout,
      /Untaxed \(no scheme of the studio covers the place\): 1 orders, 39\.99 USD/,
    );
    assert.match(
      run.stdout,
      /Reverse charged \(a business's VAT number VIES confirmed; not in the OSS return\): ORDER-\d+, DE136695976 \(DE\), 33\.61 USD/,
    );
    // The schemes' own currencies from each order's record; only EUR's rate was given.
    assert.deepEqual(readFileSync(csv, 'utf8').trim().split('\n').slice(1), [
      'ca-gst-hst,CA,BC,British Columbia,5,1,USD,39.99,38.09,1.90,0,0.00,0.00,1.90,CAD,,,,,,digital goods',
      'ca-gst-hst,CA,ON,Ontario,13,1,USD,39.99,35.39,4.60,0,0.00,0.00,4.60,CAD,,,,,,digital goods',
      'eu-oss,DE,,Germany,19,3,USD,119.97,100.83,19.14,0,0.00,0.00,19.14,EUR,0.92,92.76,17.61,0.00,17.61,digital goods',
      'eu-oss,FR,,France,20,2,USD,79.98,66.64,13.34,0,0.00,0.00,13.34,EUR,0.92,61.31,12.27,0.00,12.27,digital goods',
      'in-oidar,IN,,India,18,1,USD,39.99,33.89,6.10,0,0.00,0.00,6.10,INR,,,,,,digital goods',
      'uk-vat,GB,,the UK,20,1,USD,39.99,33.32,6.67,0,0.00,0.00,6.67,GBP,,,,,,digital goods',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a quarter in two currencies: summed apart, each converted at its own rate, a missing rate named', async () => {
  // $13.37 and ¥2,100 from Germany (amounts are kept in hundredths whatever the currency).
  const dollars = { ...order('DE'), totalCents: 1337 };
  dollars.tax = orderTax(table, dollars.tax!.evidence, [1337], 0, 'USD');
  const yen = { ...order('DE'), currency: 'JPY', totalCents: 210000 };
  yen.lines = [{ ...yen.lines[0]!, priceCents: 210000 }];
  yen.tax = orderTax(table, yen.tax!.evidence, [210000], 0, 'JPY');
  const report = taxReport([dollars, yen], q4);
  assert.deepEqual(
    report.rows.map((row) => [row.country, row.currency, row.orders, row.grossCents, row.taxCents]),
    [
      ['DE', 'JPY', 1, 210000, yen.tax.taxCents],
      ['DE', 'USD', 1, 1337, dollars.tax.taxCents],
    ],
  );
  const eur = () => 'EUR';
  const only = readRates(['EUR=0.92'], 'USD');
  assert.ok(!('problem' in only));
  assert.deepEqual(missingRates(report.rows, eur, only.pairs), ['JPY:EUR']);
  const both = readRates(['EUR=0.92', 'JPY:EUR=0.0061'], 'USD');
  assert.ok(!('problem' in both));
  assert.deepEqual(missingRates(report.rows, eur, both.pairs), []);
  const [, jpy, usd] = reportCsv(report.rows, eur, both.rates).trim().split('\n');
  // ¥335 of VAT in ¥2,100, no decimals; in EUR at 0.0061: 2.04.
  assert.equal(
    jpy,
    'eu-oss,DE,,Germany,19,1,JPY,2100,1765,335,0,0,0,335,EUR,0.0061,10.77,2.04,0.00,2.04,digital goods',
  );
  assert.match(usd!, /^eu-oss,DE,,Germany,19,1,USD,13\.37,11\.24,2\.13,/);
  assert.deepEqual(readRates(['EUR=0.92', 'EUR=0.93'], 'USD'), {
    problem: '--rate EUR=0.93: USD:EUR is given twice.',
  });

  // The command: a missing rate, a repeated one, a quarter of year 0 and a CSV it cannot write
  // each end in a sentence and their exit code.
  const dir = mkdtempSync(path.join(tmpdir(), 'tax-report-'));
  try {
    const store = openStore(path.join(dir, 'orders.sqlite'));
    for (const each of [dollars, yen]) {
      store.recordPaid({ ...each, source: 'recovery' }, [], [], each.createdAt);
    }
    store.close();
    const run = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/cli/tax-report.ts', '--quarter', '2026Q4', ...args],
        { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir } },
      ).then(
        (done) => ({ code: 0, ...done }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const noYenRate = await run('--rate', 'EUR=0.92', '--csv', path.join(dir, 'a.csv'));
    assert.equal(noYenRate.code, 2);
    assert.match(noYenRate.stderr, /--rate JPY:EUR=…/);
    assert.equal((await run('--rate', 'EUR=0.92', '--rate', 'EUR=0.93')).code, 2);
    const zero = await run('--quarter', '0000Q1');
    assert.equal(zero.code, 2);
    const unwritable = await run(
      '--rate',
      'EUR=0.92',
      '--rate',
      'JPY:EUR=0.0061',
      '--csv',
      path.join(dir, 'missing', 'q4.csv'),
    );
    assert.equal(unwritable.code, 3);
    assert.match(unwritable.stderr, /The CSV could not be written to .*missing.*ENOENT/);
    assert.doesNotMatch(unwritable.stderr, /at .*\.ts:\d+/, 'no stack trace');
    const done = await run(
      '--rate',
      'EUR=0.92',
      '--rate',
      'JPY:EUR=0.0061',
      '--csv',
      path.join(dir, 'q4.csv'),
    );
    assert.equal(done.code, 0);
    assert.match(done.stdout, /Germany .* JPY .* 335 .*2\.04/);
    assert.doesNotMatch(done.stdout, /176\.37|34\.37/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a quarter of weddings only, paid in CAD: the GST/HST return in CAD, a rate to dollars ignored, a missing one named', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tax-report-'));
  const day = (date: string) => Date.parse(`${date}T12:00:00Z`);
  try {
    const store = openStore(path.join(dir, 'orders.sqlite'));
    const bc = {
      name: 'GST',
      ratePercent: 5,
      place: 'British Columbia',
      number: '123456789RT0001',
      scheme: 'ca-gst-hst',
      schemeName: 'Canada GST/HST',
      schemeCurrency: 'CAD',
      country: 'CA',
      region: 'BC',
    };
    const wedding = (into: typeof store, id: string, currency: string) => {
      into.bookings.create(id, storedProposal(currency, bc), 'studio', day('2027-01-02'));
      into.bookings.sent(id, 'studio', day('2027-01-02'));
    };
    wedding(store, 'B-AAAAAAAAAA', 'CAD');
    // Three instalments of $1,050 (GST $50 in each), one given back in part.
    for (const [instalment, date] of [
      ['retainer', '2027-01-10'],
      ['e1', '2027-02-10'],
      ['e2', '2027-03-10'],
    ] as const) {
      const added = store.bookings.pay(
        {
          bookingId: 'B-AAAAAAAAAA',
          instalment,
          cents: 105_000,
          taxCents: 5_000,
          method: 'etransfer',
          payer: 'Priya',
          paypalOrderId: null,
          captureId: null,
          at: day(date),
        },
        'studio',
        'paid',
      );
      assert.equal(added, 'added');
    }
    store.bookings.refunded(
      {
        id: 'REFUND1',
        bookingId: 'B-AAAAAAAAAA',
        instalment: 'e2',
        cents: 52_500,
        reason: 'cancellation',
        at: day('2027-03-20'),
      },
      'studio',
      'refunded',
    );
    store.close();
    const run = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/cli/tax-report.ts', '--quarter', '2027Q1', ...args],
        { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir } },
      );
    const csv = path.join(dir, 'q1.csv');
    for (const rate of ['CAD=1.4', 'CAD:USD=0.72']) {
      const { stdout } = await run('--rate', rate, '--csv', csv);
      assert.match(stdout, /Canada GST\/HST \(ca-gst-hst\): wedding services; return in CAD\n/);
      // Paid $3,150 with $150 of GST; $25 of it given back: $125 due, in CAD as paid.
      assert.match(
        stdout,
        / British Columbia \(BC\) +5 +3 +CAD +3000\.00 +150\.00 +25\.00 +125\.00 +125\.00\n/,
      );
      assert.doesNotMatch(stdout, /No rate given/);
    }
    assert.deepEqual(readFileSync(csv, 'utf8').trim().split('\n').slice(1), [
      'ca-gst-hst,CA,BC,British Columbia,5,3,CAD,3150.00,3000.00,150.00,1,525.00,25.00,125.00,CAD,1,3000.00,150.00,25.00,125.00,wedding services',
    ]);
    // A wedding priced in dollars in the same place: its return is still in CAD, its rate named.
    const more = openStore(path.join(dir, 'orders.sqlite'));
    wedding(more, 'B-BBBBBBBBBB', 'USD');
    more.bookings.pay(
      {
        bookingId: 'B-BBBBBBBBBB',
        instalment: 'retainer',
        cents: 21_000,
        taxCents: 1_000,
        method: 'cash',
        payer: 'Mum',
        paypalOrderId: null,
        captureId: null,
        at: day('2027-02-01'),
      },
      'studio',
      'paid',
    );
    more.close();
    const { stdout } = await run('--csv', csv);
    assert.match(stdout, / British Columbia \(BC\) +5 +1 +USD +200\.00 +10\.00 .*\(no rate\)/);
    assert.match(stdout, /No rate given for: --rate USD:CAD=…/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
