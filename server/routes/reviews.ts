// The /review/ page's calls (under /api, so the API's origin check, CORS, rate limit and body
// limit apply): a review's link opened, and the review sent. Written as one chain, so that its
// type is the browser's typed client (lib/browser/review-client.ts, Hono's `hc`).
import { Hono } from 'hono';
import { z } from 'zod';
import {
  oneLineText,
  paragraphsText,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  RATINGS,
  visibleLength,
} from '@/lib/shared/review';
import { jsonBody, type Env } from '../http';
import type { Log } from '../log';
import type { ReviewProblem, Reviews } from '../reviews';

const token = z.string().min(1).max(600);

/** POST /api/reviews/open: what a review's link is for. */
export const openReviewSchema = z.strictObject({ token });

/**
 * A text field as kept (one line, or paragraphs), within its limits in characters, with at least
 * `min` that show: a field of zero-width characters alone is empty.
 */
const kept = (clean: (text: string) => string) => (min: number, max: number, message: string) =>
  z
    .string()
    .transform(clean)
    .refine((text) => text.length <= max && visibleLength(text) >= min, message);
const trimmed = kept(oneLineText);
const paragraphs = kept(paragraphsText);

/** POST /api/reviews: the review, with its link's token. Each field's message is the buyer's. */
export const sendReviewSchema = z.strictObject({
  token,
  rating: z
    .number()
    .int()
    .refine((n) => (RATINGS as readonly number[]).includes(n), REVIEW_MESSAGES.rating)
    .transform((n) => n as (typeof RATINGS)[number]),
  title: trimmed(1, REVIEW_LIMITS.title, REVIEW_MESSAGES.title),
  text: paragraphs(REVIEW_LIMITS.textMin, REVIEW_LIMITS.textMax, REVIEW_MESSAGES.text),
  name: trimmed(1, REVIEW_LIMITS.name, REVIEW_MESSAGES.name),
});

/** Each refusal's words, and its status: the page says its own words by `problem`. */
const REFUSALS = {
  invalid: [404, 'This review link is not one of ours.'],
  expired: [410, 'This review link has expired.'],
  refunded: [409, 'This order was refunded, so it cannot be reviewed.'],
  declined: [409, 'The studio did not publish this review.'],
  published: [409, 'This review is published already.'],
  closed: [410, 'Reviews of this pack are closed: the studio no longer sells it.'],
  limited: [429, 'This review was sent many times in the last hour: please send it again later.'],
} as const satisfies Record<ReviewProblem, readonly [number, string]>;

export function reviewRoutes({ reviews, log }: { reviews: Reviews; log: Log }) {
  const refuse = <P extends ReviewProblem>(problem: P) => {
    const [status, error] = REFUSALS[problem];
    return { body: { error, problem }, status };
  };
  return new Hono<Env>()
    .post('/open', ...jsonBody(openReviewSchema), async (c) => {
      const opened = await reviews.open(c.req.valid('json').token);
      if ('problem' in opened) {
        const { body, status } = refuse(opened.problem);
        return c.json(body, status);
      }
      return c.json(opened, 200);
    })
    .post('/', ...jsonBody(sendReviewSchema), async (c) => {
      const { token, ...fields } = c.req.valid('json');
      let sent;
      try {
        sent = await reviews.submit(token, fields);
      } catch (error) {
        log.error({ msg: 'review not written', error: (error as Error).message });
        return c.json(
          { error: 'The review could not be saved just now.', problem: 'unsaved' as const },
          503,
        );
      }
      if ('problem' in sent) {
        const { body, status } = refuse(sent.problem);
        return c.json(body, status);
      }
      return c.json(sent, sent.created ? 201 : 200);
    });
}

export type ReviewApi = ReturnType<typeof reviewRoutes>;
