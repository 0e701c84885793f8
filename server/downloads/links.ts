import { deliveredPacks } from '@/lib/shared/order';
import type { Config } from '../config';
import type { OrderLine } from '@/lib/shared/order';
import { COPY, type LinkRecord, type LinkStore } from './store';
import { within, type Ranges } from './byte-ranges';
import { verifyToken } from './tokens';

/**
 * What a download link may still do. A link sends its pack at most `DOWNLOAD_LIMIT` times over,
 * counted in millionths of the file: the bytes [from, to) cost the copy's units up to `to` less
 * those up to `from`, so a file sent in any pieces costs exactly one copy; bytes of the copy
 * under way sent again (a resumption after a cut) are free up to a quarter of the file, and cost
 * beyond it.
 */
/** What a link reads of its order: whether it was paid, refunded, and what it delivers. */
type LinkedOrder = { status: string; lines: OrderLine[] };

/** What a genuine link says while its order is being restored from PayPal's record. */
export const RESTORING =
  'We are restoring our records of this order. Enter the e-mail address you gave at checkout (or your PayPal account’s) and we will send fresh links at once.';

export function createLinkPolicy({
  config,
  store,
  now,
}: {
  config: Config;
  /** The links' rows, and the order a link is of (../orders/store.ts). */
  store: LinkStore & { findOrder(id: string): LinkedOrder | null };
  now: () => number;
}) {
  const budget = config.downloadLimit * COPY;
  const usedUp = `This download link has been used ${config.downloadLimit} times. Ask for fresh links on our thank-you page.`;

  /**
   * The link a token names, or why it cannot be used (a status and the words for the buyer). A
   * genuine link whose row the database lacks (restored from an older backup) is honoured when the
   * order it names is held, its copies counted afresh; when the order is not held either,
   * `restore` names it, so that the page can have fresh links sent in one step.
   */
  function linkFor(token: string) {
    const check = verifyToken(config.downloadSecret, token, now());
    const refuse = (status: 404 | 410, error: string) => ({ status, error }) as const;
    if (!check.valid && check.reason === 'expired') {
      return refuse(
        410,
        'This download link has expired. Ask for fresh links on our thank-you page.',
      );
    }
    let link = check.valid ? store.findLink(check.linkId) : null;
    if (check.valid && !link && check.subject) {
      const { orderId, pack } = check.subject;
      const held = store.findOrder(orderId);
      if (!held) {
        return { ...refuse(404, RESTORING), restore: check.subject };
      }
      if (
        held.status !== 'created' &&
        deliveredPacks(held.lines).some((part) => part.slug === pack)
      ) {
        link = store.restoreLink({ id: check.linkId, orderId, pack, expiresAt: check.expiresAt });
      }
    }
    const order = link && store.findOrder(link.orderId);
    // The pack as the order bought it: a link works whatever the catalogue has become since.
    const pack = order && deliveredPacks(order.lines).find((part) => part.slug === link!.pack);
    if (!link || !order || !pack) return refuse(404, 'This download link is not valid.');
    if (link.revokedAt !== null || order.status === 'refunded') {
      return refuse(
        410,
        order.status === 'refunded'
          ? 'This order was refunded, so its links no longer work.'
          : 'These links were replaced by newer links: please use the ones in your latest e-mail.',
      );
    }
    if (link.used >= budget) return refuse(410, usedUp);
    return { link, pack };
  }

  /** Whole copies a link may still send. */
  const copiesLeft = (link: LinkRecord) => Math.floor((budget - link.used) / COPY);

  /**
   * Spends bytes [from, to) before they are sent (see `Store.spendLink`): the ranges paid for,
   * null when the link has not that much left, 'pieces' past the pieces one copy is kept in.
   */
  const spend = (link: LinkRecord, size: number, from: number, to: number) =>
    store.spendLink(link.id, size, from, to, budget);

  /** Gives back what a transfer cut short paid for and did not send: bytes [from, to) of it. */
  const giveBack = (link: LinkRecord, size: number, paid: Ranges, from: number, to: number) =>
    store.refundLink(
      link.id,
      size,
      paid.flatMap(([a, b]) => within([[a, b]], from, to)),
    );

  /** The answer past `MAX_PIECES` pieces of one copy: the link itself still has its downloads. */
  const tooManyPieces =
    'This download was asked for in too many separate pieces. Please download the file in one go: your link keeps its downloads.';

  return { linkFor, copiesLeft, spend, giveBack, usedUp, tooManyPieces };
}

export type LinkPolicy = ReturnType<typeof createLinkPolicy>;
