// A buyer's review of a pack (content/reviews/<file>.json): written by the order service when a
// buyer sends one through the signed link of their delivery e-mail, published (or deleted) by the
// studio in the editor. Only published ones reach the pages and the Product markup. In lib/node/:
// the build reads these files with it, and the service writes them in its shape (ReviewFile).
import { z } from 'zod';
import { REVIEW_LIMITS } from '@/lib/shared/review';
import { isoDate, matching, prose, slug, text } from '@/lib/fields';

export const reviewSchema = z.object({
  /** The product reviewed, of any kind (the build keeps reviews of products the shop sells). */
  pack: slug('The product reviewed: its slug, as in its content file (content/presets.json, say).'),
  rating: z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
  title: text.max(REVIEW_LIMITS.title, `must be at most ${REVIEW_LIMITS.title} characters`),
  text: prose
    .min(REVIEW_LIMITS.textMin, `must be at least ${REVIEW_LIMITS.textMin} characters`)
    .max(REVIEW_LIMITS.textMax, `must be at most ${REVIEW_LIMITS.textMax} characters`),
  name: text.max(REVIEW_LIMITS.name, `must be at most ${REVIEW_LIMITS.name} characters`).meta({
    cms: { hint: 'As the buyer chose to be shown: "Priya S."' },
  }),
  /** The month of the order, as the page shows it ("November 2026"): never the day. */
  month: matching(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM'),
  /** When the review arrived: the editor lists the newest first. */
  received: isoDate('the day the review arrived'),
  published: z
    .boolean()
    .default(false)
    .meta({
      cms: {
        hint: 'Tick to publish it with the next deploy. To decline a review, delete it. Never edit a review’s words for meaning.',
      },
    }),
  reply: prose.optional().meta({ cms: { hint: 'The studio’s short reply, shown under it.' } }),
  /** The day its order was refunded in full (the order service marks it): never shown. */
  withdrawn: isoDate('the day its order was refunded')
    .optional()
    .meta({
      cms: {
        hint: 'Set by the shop when the order was refunded in full: the review is kept off the site, published or not.',
      },
    }),
  sample: z
    .boolean()
    .default(false)
    .meta({
      cms: { hint: 'A fictional sample showing how reviews look: delete it before launch.' },
    }),
});

export type Review = z.output<typeof reviewSchema>;

/** A review file as the service writes it (defaults left out). */
export type ReviewFile = z.input<typeof reviewSchema>;
