import { presets, shopCopy, site } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { monthName, type PageReviews } from '@/lib/reviews';
import styles from './reviews.module.css';

/**
 * Buyers' published reviews, in the page's HTML: the rating (from three reviews), then each
 * review, newest first, low ratings included, with the studio's reply. A review of another pack
 * than the page's product (one it holds) says which pack it is about. Its page's Section, labelled with the same heading, is its region.
 */
export function Reviews({ reviews, rating, item }: PageReviews & { item: string }) {
  const copy = shopCopy.reviews;
  if (reviews.length === 0) return null;
  return (
    <div className={styles.reviews}>
      <h2 className={styles.heading}>{copy.heading}</h2>
      {rating && (
        <p className={styles.average}>
          {fillIn(copy.average, { rating: rating.average, count: rating.count })}
        </p>
      )}
      <ol className={styles.list}>
        {reviews.map((review) => (
          <li key={`${review.pack}-${review.received}-${review.name}`} className={styles.review}>
            <p
              className={styles.stars}
              role="img"
              aria-label={fillIn(copy.stars, { n: review.rating })}
            >
              {'★'.repeat(review.rating)}
              <span className={styles.unlit}>{'★'.repeat(5 - review.rating)}</span>
            </p>
            <h3 className={styles.title}>{review.title}</h3>
            {review.pack !== item && (
              <p className={styles.meta}>
                {fillIn(copy.ofPack, {
                  name: presets.find((preset) => preset.slug === review.pack)!.name,
                })}
              </p>
            )}
            <p>{review.text}</p>
            <p className={styles.meta}>
              {review.name} · <time dateTime={review.month}>{monthName(review.month)}</time> ·{' '}
              {copy.verified}
            </p>
            {review.reply && (
              <div className={styles.reply}>
                <p className={styles.meta}>{fillIn(copy.reply, { studio: site.name })}</p>
                <p>{review.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
