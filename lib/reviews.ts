// What a product's page says of its buyers' reviews, made once from the published review
// files (content/reviews/): the list the page shows and the rating it states, which the Product
// markup repeats from the same records.
import { publishedReviews, shopCopy, type Preset, type Review } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';

/** Fewer reviews than this show no average (one or two are not a rating). */
export const AVERAGE_FROM = 3;

/** A page's average of its reviews' stars (a review's own rating is 1 to 5: lib/shared/review.ts). */
export type AverageRating = { average: string; count: number };

export type PageReviews = { reviews: Review[]; rating: AverageRating | null };

/** The average of these reviews, from AVERAGE_FROM of them: "4.3" from 4. */
export function ratingOf(reviews: Pick<Review, 'rating'>[]): AverageRating | null {
  if (reviews.length < AVERAGE_FROM) return null;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { average: (sum / reviews.length).toFixed(1), count: reviews.length };
}

/** The published reviews of these packs (the packs a product delivers), newest first, and their rating. */
export function pageReviews(packs: Pick<Preset, 'slug'>[]): PageReviews {
  const reviews = publishedReviews(packs);
  return { reviews, rating: ratingOf(reviews) };
}

/** "October 2026", as the page shows a review's month. */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** A tile's price with the rating its page states, if it states one: "$39.99 USD · 4.0 out of 5 (3 reviews)". */
export function withRating(price: string, packs: Pick<Preset, 'slug'>[]): string {
  const { rating } = pageReviews(packs);
  return rating
    ? `${price} · ${fillIn(shopCopy.reviews.tile, { rating: rating.average, count: rating.count })}`
    : price;
}
