// The studio's discount codes, without code: `npm run codes -- add|list|disable` (README,
// "Discount codes"). It writes to the service's database (DATABASE_PATH, or DATA_DIR/orders.sqlite).
import { parseArgs } from 'node:util';
import { formatAmount, parseAmount } from '@/lib/shared/money';
import { readCatalogCopy } from '../catalog/source';
import { soldBySlug } from '@/lib/node/shop-catalog';
import { CODE_PATTERN, normalizeCode } from '../discounts/codes';
import { catalogCachePathFrom, databasePathFrom } from '../config';
import { openStore } from '../database';
import type { CodeRecord } from '../discounts/store';

const usage = `Usage:
  npm run codes -- add CODE (--percent N | --amount 10.00) [--until YYYY-MM-DD] [--limit N]
                            [--min 50.00] [--packs slug,slug]
  npm run codes -- list
  npm run codes -- disable CODE`;

class UsageError extends Error {}

const DAY = 24 * 60 * 60 * 1000;

function positiveInteger(name: string, value: string | undefined, max = Infinity) {
  if (value === undefined) return null;
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}, got "${value}".`);
  }
  return number;
}

function cents(name: string, value: string | undefined) {
  if (value === undefined) return null;
  const amount = parseAmount(value);
  if (amount === null || amount === 0) {
    throw new UsageError(`--${name} must be an amount such as 10 or 9.99, got "${value}".`);
  }
  return amount;
}

/**
 * The code a command line describes, checked as the service will use it; `--packs` against the
 * packs of the shop's catalogue (`known`), when the service has read one.
 */
export function codeFromArgs(
  args: string[],
  now: number,
  known: readonly string[] | null,
): Omit<CodeRecord, 'disabled'> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      percent: { type: 'string' },
      amount: { type: 'string' },
      until: { type: 'string' },
      limit: { type: 'string' },
      min: { type: 'string' },
      packs: { type: 'string' },
    },
  });
  const code = normalizeCode(positionals[0] ?? '');
  if (!CODE_PATTERN.test(code)) {
    throw new UsageError(
      `The code must be 2 to 32 letters, digits, - or _, got "${positionals[0] ?? ''}".`,
    );
  }
  if ((values.percent === undefined) === (values.amount === undefined)) {
    throw new UsageError('Give either --percent or --amount.');
  }
  // A code that takes everything would leave PayPal nothing to charge.
  const percent = positiveInteger('percent', values.percent, 99);
  let expiresAt: number | null = null;
  if (values.until !== undefined) {
    // A real day of the calendar: Date.parse takes 2027-02-31 for 3 March.
    const parsed = Date.parse(`${values.until}T00:00:00Z`);
    const day =
      /^\d{4}-\d{2}-\d{2}$/.test(values.until) &&
      !Number.isNaN(parsed) &&
      new Date(parsed).toISOString().slice(0, 10) === values.until
        ? parsed
        : NaN;
    if (Number.isNaN(day))
      throw new UsageError(`--until must be a date such as 2027-01-31, got "${values.until}".`);
    expiresAt = day + DAY; // valid through that whole day (UTC)
    if (expiresAt <= now) throw new UsageError(`--until ${values.until} is in the past.`);
  }
  const packs = values.packs?.split(',').map((sku) => sku.trim()) ?? null;
  const unknown = packs?.filter((sku) => !(known ?? [sku]).includes(sku)) ?? [];
  if (unknown.length > 0) {
    throw new UsageError(
      `--packs names no pack: ${unknown.join(', ')} (packs: ${known!.join(', ')}).`,
    );
  }
  return {
    code,
    kind: percent !== null ? 'percent' : 'fixed',
    value: percent ?? cents('amount', values.amount)!,
    packs,
    minimumCents: cents('min', values.min),
    expiresAt,
    usageLimit: positiveInteger('limit', values.limit),
    createdAt: now,
  };
}

function describe(code: CodeRecord & { uses: number }) {
  const off = code.kind === 'percent' ? `${code.value} %` : formatAmount(code.value);
  const until =
    code.expiresAt === null
      ? 'no end'
      : `until ${new Date(code.expiresAt - DAY).toISOString().slice(0, 10)}`;
  const uses = `${code.uses}${code.usageLimit === null ? '' : ` of ${code.usageLimit}`} used`;
  const min = code.minimumCents === null ? '' : `, from ${formatAmount(code.minimumCents)}`;
  const packs = code.packs === null ? 'all packs' : code.packs.join(', ');
  if (code.restoredAt) {
    return `${code.code.padEnd(16)} RESTORED from a paid order after a restore (not sold): ${uses}; add it again to sell it`;
  }
  return `${code.code.padEnd(16)} ${off.padStart(7)} off ${packs}${min}; ${until}; ${uses}${code.disabled ? '; DISABLED' : ''}`;
}

export function runCodes(
  args: string[],
  env: Record<string, string | undefined>,
  now = Date.now(),
) {
  const [command, ...rest] = args;
  const store = openStore(databasePathFrom(env, process.cwd()));
  try {
    switch (command) {
      case 'add': {
        // What the catalogue the service last read from the site sells.
        const catalog = readCatalogCopy(catalogCachePathFrom(env, process.cwd()));
        const skus = catalog && [...soldBySlug(catalog).keys()];
        const code = codeFromArgs(rest, now, skus);
        if (!store.addCode(code)) throw new UsageError(`${code.code} exists already.`);
        const uses = store.codes().find((each) => each.code === code.code)?.uses ?? 0;
        return `Added ${describe({ ...code, disabled: false, uses })}`;
      }
      case 'list': {
        const codes = store.codes();
        return codes.length === 0 ? 'No codes yet.' : codes.map(describe).join('\n');
      }
      case 'disable': {
        const code = normalizeCode(rest[0] ?? '');
        if (!store.disableCode(code)) throw new UsageError(`There is no code ${code}.`);
        return `Disabled ${code}: the checkout refuses it from now on.`;
      }
      default:
        throw new UsageError(usage);
    }
  } finally {
    store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(runCodes(process.argv.slice(2), process.env));
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    console.error((error as Error).message);
    process.exit(2);
  }
}
