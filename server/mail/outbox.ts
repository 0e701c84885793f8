import type { Log } from '../log';
import { alertEmail } from './studio';
import { scrubAddresses, type Mailer } from './transport';
import type { OutboxRecord, OutboxStore } from './outbox-store';

/** Waits between attempts of one e-mail: about two days in all, then the studio is told. */
export const RETRY_DELAYS_MS = [
  30,
  120,
  600,
  1800,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  24 * 3600,
].map((seconds) => seconds * 1000);

/**
 * Sends the e-mails queued in the store. A message leaves the queue only once the mail server
 * accepted it; a failed attempt is retried later (and after a restart, since the queue is in the
 * database); after the last retry it is given up and the studio gets an alert. One sender runs at
 * a time, so no message is sent twice by the same service.
 */
export function createOutbox({
  store,
  mailer,
  log,
  studioEmail,
  retryDelaysMs = RETRY_DELAYS_MS,
  pollMs = 30_000,
  now = Date.now,
}: {
  store: Pick<OutboxStore, 'dueMessages' | 'markFailed' | 'markSent' | 'nextDue' | 'queue'>;
  mailer: Mailer;
  log: Log;
  /** Where alerts go, asked when one is written. */
  studioEmail: () => string;
  retryDelaysMs?: readonly number[];
  /** How often it looks for e-mails another process queued (`npm run reconcile`). */
  pollMs?: number;
  now?: () => number;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function send(item: OutboxRecord) {
    try {
      await mailer.send(item.message);
    } catch (error) {
      const reason = scrubAddresses((error as Error).message);
      const delay = retryDelaysMs[item.attempts];
      store.markFailed(item.id, reason, delay === undefined ? null : now() + delay);
      log.error({
        msg: delay === undefined ? 'e-mail given up' : 'e-mail failed, will retry',
        orderId: item.orderId,
        kind: item.kind,
        attempt: item.attempts + 1,
        error: reason,
      });
      if (delay === undefined && item.kind !== 'alert') {
        store.queue(
          [
            {
              orderId: item.orderId,
              kind: 'alert',
              message: alertEmail(item.message, item.orderId, reason, studioEmail()),
            },
          ],
          now(),
        );
      }
      return;
    }
    store.markSent(item, now());
    log.info({ msg: 'e-mail sent', orderId: item.orderId, kind: item.kind });
  }

  async function drain() {
    do {
      again = false;
      for (let due = store.dueMessages(now()); due.length > 0; due = store.dueMessages(now())) {
        if (stopped) return;
        // Sent side by side: the mailer's pool holds several SMTP connections.
        await Promise.all(due.map(send));
        // A message that failed just now is due again only after its delay, so this ends.
      }
    } while (again && !stopped);
  }

  /**
   * Sets the timer for the next retry that is due, or for the next look at the queue: e-mails
   * queued by another process (the reconciliation's command) leave within `pollMs`.
   */
  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const next = store.nextDue();
    timer = setTimeout(kick, Math.min(pollMs, Math.max(0, (next ?? Infinity) - now())));
    timer.unref();
  }

  /** Sends whatever is due now; a call while sending makes the sender look again afterwards. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: Error) => log.error({ msg: 'outbox failed', error: error.message }))
      .finally(() => {
        running = null;
        schedule();
      });
    return running;
  }

  return {
    kick,
    /** Waits until nothing is due (tests). */
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      mailer.close?.();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
