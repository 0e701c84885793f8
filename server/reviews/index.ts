// Buyers' reviews, the use cases: the signed links of the order e-mails, a review opened by its
// link and sent. An accepted review becomes a file of content/reviews/ (./publisher.ts) that the
// studio publishes, answers or deletes in the editor; the service keeps one per buyer and pack:
// a buyer who bought a pack twice (alone, then held by another item) has two links to the same review.
import type { Deps } from '../deps';
import { createHmac } from 'node:crypto';
import type { Member } from '@/lib/shared/order';
import { deliveredPacks } from '@/lib/shared/order';
import { displayName, type Rating, type ReviewFields, type ReviewState } from '@/lib/shared/review';
import { reviewNotice } from '../mail/studio';
import type { OrderRecord } from '../orders/records';
import type { OrderStore } from '../orders/store';
import type { ReviewStore } from './store';
import { reviewSchema, type ReviewFile } from '@/lib/content/review-schema';
import { verifyReviewToken } from '../downloads/tokens';
import { PublishConflict, type Publisher } from './publisher';

/** Why a review cannot be opened or sent, for good. */
export type ReviewProblem =
  /** Not a link the service made (or mistyped). */
  | 'invalid'
  | 'expired'
  /** The order was refunded in full. */
  | 'refunded'
  /** The studio declined (deleted) the review: it is not sent again from the link. */
  | 'declined'
  /** Published: changed only by writing to the studio. */
  | 'published'
  /** The shop no longer sells the pack: its reviews are closed. */
  | 'closed'
  /** The link sent more than `sendsPerHour` times in the last hour: it is to wait. */
  | 'limited';

/** A review's link opened: the pack, the name to show, and the review written so far. */
export type OpenedReview = {
  pack: { slug: string; name: string };
  state: ReviewState;
  /** What the buyer wrote, while it is pending; else the name the order suggests. */
  review: ReviewFields | null;
  /** The day it was sent (YYYY-MM-DD), while it is pending. */
  sentOn?: string;
  /**
   * The name to show that the order suggests: its first name and initial only, never the whole
   * name the buyer gave at checkout (anyone holding the link sees it).
   */
  orderName: string;
};

export type Reviews = ReturnType<typeof createReviews>;

/** Per pack of an order, its review page: the token in the address's fragment, never logged. */
/**
 * A review file as it is published, read with its schema: the build refuses a file that does not
 * read (one the editor broke, say), and so does the service, naming it, rather than guess.
 */
function readReviewFile(file: string, text: string) {
  const read = reviewSchema.safeParse(JSON.parse(text));
  if (!read.success) {
    throw new Error(`${file} does not read as a review: ${read.error.issues[0]?.message ?? ''}`);
  }
  return read.data;
}

export function createReviews({
  config,
  store,
  publisher,
  outbox,
  log,
  now,
  studioAddress,
  sold,
}: Omit<Deps<ReviewStore & Pick<OrderStore, 'findOrder'>>, 'paypal' | 'catalog'> & {
  publisher: Publisher;
  /** Whether the shop still sells a pack (alone or held by an item): else its reviews are closed. */
  sold: (pack: string) => boolean;
}) {
  const secret = config.downloadSecret;
  /** When each review link sent, in the last hour: a link sends at most `sendsPerHour`. */
  const sends = new Map<string, number[]>();
  const withinBudget = (key: string) => {
    const recent = (sends.get(key) ?? []).filter((at) => now() - at < HOUR);
    if (recent.length >= config.reviews.sendsPerHour) return false;
    sends.set(key, [...recent, now()]);
    if (sends.size > 10_000)
      for (const [k, at] of sends) if (now() - at.at(-1)! > HOUR) sends.delete(k);
    return true;
  };

  /** The file's name: the pack, the month, and a key of the order that does not reveal it. */
  const fileName = (order: OrderRecord, pack: string) => {
    const key = createHmac('sha256', secret)
      .update(`review-file:${order.id}/${pack}`)
      .digest('hex')
      .slice(0, 10);
    return `${pack}-${month(order.createdAt)}-${key}.json`;
  };

  const month = (at: number) => new Date(at).toISOString().slice(0, 7);

  /** The order and pack a token names, or why it cannot be used. */
  function subjectOf(
    token: string,
  ): { problem: ReviewProblem } | { order: OrderRecord; pack: Member } {
    const check = verifyReviewToken(secret, token, now());
    if (!check.valid) {
      log.warn({ msg: 'review link refused', reason: check.reason });
      return { problem: check.reason === 'expired' ? 'expired' : 'invalid' };
    }
    const order = store.findOrder(check.subject.orderId);
    const pack = order && deliveredPacks(order.lines).find((p) => p.slug === check.subject.pack);
    // A signed link of an order the database does not hold (restored from an older backup): the
    // studio is asked to help, as for a link that is not ours.
    if (!order || !pack || order.status === 'created') {
      log.warn({ msg: 'review link of no known order', orderId: check.subject.orderId });
      return { problem: 'invalid' };
    }
    if (order.status === 'refunded') return { problem: 'refunded' };
    if (!sold(pack.slug)) return { problem: 'closed' };
    return { order, pack };
  }

  /**
   * The review of an order's pack as its file stands, and where it is: the buyer's own review of
   * that pack, whichever of their orders' links wrote it first.
   */
  async function current(order: OrderRecord, pack: string) {
    const record =
      store.findReview(order.id, pack) ??
      store.reviewsOfBuyer(order.email).find((review) => review.pack === pack) ??
      null;
    const file = record?.file ?? fileName(order, pack);
    const published = await publisher.read(file);
    const content = published ? readReviewFile(file, published.text) : null;
    // A file the service wrote that is gone: the studio deleted it, declining the review.
    const state: ReviewState | 'declined' = !content
      ? record
        ? 'declined'
        : 'new'
      : content.published
        ? 'published'
        : 'pending';
    return { record, file, published, content, state };
  }

  async function open(token: string): Promise<{ problem: ReviewProblem } | OpenedReview> {
    const subject = subjectOf(token);
    if ('problem' in subject) return subject;
    const { order, pack } = subject;
    const { content, state } = await current(order, pack.slug);
    if (state === 'declined') return { problem: 'declined' };
    return {
      pack: { slug: pack.slug, name: pack.name },
      state,
      review:
        content && state === 'pending'
          ? {
              // 1 to 5: the service wrote it so, and the build checks every file (reviewSchema).
              rating: content.rating as Rating,
              title: content.title,
              text: content.text,
              name: content.name,
            }
          : null,
      ...(content && state === 'pending' ? { sentOn: content.received } : {}),
      orderName: displayName(order.name),
    };
  }

  /** One writer per order and pack at a time: a double-sent form updates, never duplicates. */
  const queues = new Map<string, Promise<unknown>>();
  const serially = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => queues.get(key) === tail && queues.delete(key));
    return run;
  };

  async function submit(
    token: string,
    fields: ReviewFields,
  ): Promise<{ problem: ReviewProblem } | { state: 'pending'; created: boolean; pack: string }> {
    const subject = subjectOf(token);
    if ('problem' in subject) return subject;
    const { order, pack } = subject;
    // One writer per buyer and pack: their orders' links write the same file.
    const key = `${order.email.toLowerCase()}/${pack.slug}`;
    if (!withinBudget(key)) {
      log.warn({ msg: 'review link over its hourly sends', orderId: order.id, pack: pack.slug });
      return { problem: 'limited' as const };
    }
    return serially(key, async () => {
      // The file may change between reading and writing it (the studio publishes or deletes it
      // meanwhile): then it is read again, once.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await write(order, pack, fields);
        } catch (error) {
          if (!(error instanceof PublishConflict) || attempt === 2) throw error;
        }
      }
    });
  }

  async function write(
    order: OrderRecord,
    pack: { slug: string; name: string },
    fields: ReviewFields,
  ) {
    const { record, file, published, content, state } = await current(order, pack.slug);
    if (state === 'declined' || state === 'published') return { problem: state };
    const next: ReviewFile = {
      pack: pack.slug,
      ...fields,
      month: content?.month ?? month(order.createdAt),
      received: content?.received ?? new Date(now()).toISOString().slice(0, 10),
      published: false,
      ...(content?.reply ? { reply: content.reply } : {}),
    };
    await publisher.write(file, `${JSON.stringify(next, null, 2)}\n`, {
      ...(published ? { sha: published.sha } : {}),
      message: `${content ? 'Update' : 'Add'} a buyer's review of ${pack.name} (${fields.rating}/5)`,
    });
    // The notice waits out its window, taking the changes made meanwhile: it is "new" to the
    // studio while the first one has not left. It names the buyer, and their other reviews.
    const window = config.reviews.noticeWindowMs;
    const updated = !!content && !(record && now() - record.createdAt < window);
    const before = store
      .reviewsOfBuyer(order.email)
      .filter((review) => review.file !== file)
      .map((review) => ({ pack: review.pack, on: review.createdAt, orderId: review.orderId }));
    const notice = reviewNotice(
      { orderId: order.id, pack: pack.name, file, updated, email: order.email, before, ...fields },
      studioAddress(),
    );
    const created = store.reviewWritten(
      { orderId: record?.orderId ?? order.id, pack: pack.slug, file },
      { orderId: order.id, kind: 'review', message: notice, at: now() + window },
      now(),
    );
    log.info({
      msg: content ? 'review updated' : 'review received',
      orderId: order.id,
      pack: pack.slug,
    });
    void outbox.kick();
    return { state: 'pending' as const, created, pack: pack.slug };
  }

  /**
   * Marks withdrawn the files of the reviews whose orders were refunded in full, so that the next
   * build shows none of them (nor "Verified buyer"): each once, again later if GitHub failed.
   */
  async function withdrawRefunded() {
    for (const review of store.reviewsToWithdraw()) {
      await serially(`${review.orderId}/${review.pack}`, async () => {
        try {
          const published = await publisher.read(review.file);
          const content = published ? readReviewFile(review.file, published.text) : null;
          if (published && content && !content.withdrawn) {
            const next: ReviewFile = {
              ...content,
              published: false,
              withdrawn: new Date(now()).toISOString().slice(0, 10),
            };
            await publisher.write(review.file, `${JSON.stringify(next, null, 2)}\n`, {
              sha: published.sha,
              message: `Withdraw a refunded order's review of ${content.pack}`,
            });
          }
          store.reviewWithdrawn(review.orderId, review.pack, now());
          log.info({ msg: 'review withdrawn', orderId: review.orderId, pack: review.pack });
        } catch (error) {
          log.error({ msg: 'review not withdrawn yet', error: (error as Error).message });
        }
      });
    }
  }

  return { open, submit, withdrawRefunded };
}

const HOUR = 60 * 60 * 1000;
