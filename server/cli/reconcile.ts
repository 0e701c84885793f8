// After restoring the orders database from a backup: `npm run reconcile -- --since <time>`
// (README, "Restoring the orders database"). Every payment PayPal received since then that the
// database lacks is recorded and its e-mails queued, once; the running service sends them (it
// looks at its outbox every 30 seconds, and at its start).
import { parseArgs } from 'node:util';
import { composeService } from '../compose';
import { ConfigError, loadConfig } from '../config';
import { createLog } from '../log';
import { PayPalRefused, PayPalUnavailable } from '../paypal/client';

const usage = `Usage: npm run reconcile -- --since <time> [--until <time>]
  <time>: when the backup was taken, or earlier, in UTC: 2026-11-25T06:00:00Z, 2026-11-25T06:00Z,
  2026-11-25, or a backup's file name (orders-2026-11-25T06-00-00Z.sqlite). PayPal lists a payment
  up to three hours after it was made: run it again three hours after the restore (nothing is
  delivered twice).
Exit codes: 0 done; 2 usage or settings; 3 PayPal could not be asked (unreachable, or it refused
  the credentials): nothing was changed for what was not read, run it again; 4 done, but some
  orders could not be restored (each named above, the others were): run it again once the
  cause in the log is fixed (nothing is delivered twice).`;

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A moment from an ISO 8601 date or time (with its offset) or a backup file's name
 * (orders-2026-11-25T06-00-00Z.sqlite); null for anything else ("1", "Nov 25"), which
 * `Date.parse` would read as some day of 2001.
 */
export function momentOf(text: string): Date | null {
  const stamp = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z/.exec(text);
  const iso = stamp ? `${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}Z` : text.trim();
  if (!ISO.test(iso)) return null;
  const time = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Ends the command with a message and an exit code (see `usage`). */
function fail(message: string, code: 2 | 3 | 4): never {
  console.error(message);
  process.exit(code);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let values: { since?: string; until?: string };
  try {
    ({ values } = parseArgs({
      options: { since: { type: 'string' }, until: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`, 2);
  }
  const since = values.since ? momentOf(values.since) : null;
  const until = values.until ? momentOf(values.until) : new Date();
  if (!values.since) fail(`--since is required.\n\n${usage}`, 2);
  if (!since) fail(`--since ${values.since}: not a time this command reads.\n\n${usage}`, 2);
  if (!until) fail(`--until ${values.until}: not a time this command reads.\n\n${usage}`, 2);
  if (since >= until) fail(`--since must be before --until (or now).\n\n${usage}`, 2);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fail(error.message, 2);
  }
  // Its log lines go to standard error; what it reports, to standard output.
  const log = createLog((line) => process.stderr.write(`${line}\n`));
  const { store, catalog, reconcile } = composeService(config, log, {
    paypalBase: config.paypal.apiBase,
    // Reconciling creates no order, so VIES is never asked.
    viesBase: config.vies.apiBase,
    publicUrl: () => config.publicUrl ?? `http://${config.host}:${config.port}`,
    role: 'command',
  });
  if (!catalog.current()) await catalog.refresh();
  try {
    const done = await reconcile({ since, until, report: (line) => console.log(line) });
    console.log(
      `Reconciled ${done.payments} payments: ${done.delivered} orders delivered now, ${done.held} held already, ${done.pending} pending, ${done.alerted} left to the studio (alerted now), ${done.refused} not delivered (see the log), ${done.refundedBefore} refunded in full before delivery, ${done.refunded} refunds replayed, ${done.failed.length} could not be restored, ${done.other} not from the shop; wedding instalments: ${done.bookings} recorded or held (a booking the database lacks is e-mailed to the studio), ${done.bookingRefunds} refunds replayed on bookings.`,
    );
    if (done.failed.length > 0) {
      store.close();
      fail(
        `Not restored: ${done.failed.map(({ orderId, reason }) => `${orderId} (${reason})`).join(', ')}. Fix the cause, then run the command again.`,
        4,
      );
    }
  } catch (error) {
    if (error instanceof PayPalUnavailable || error instanceof PayPalRefused) {
      fail(
        `PayPal could not be asked: ${error.message}. Check PAYPAL_API_BASE, PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, then run the command again (nothing is delivered twice).`,
        3,
      );
    }
    throw error;
  } finally {
    store.close();
  }
}
