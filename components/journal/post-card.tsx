import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import type { JournalPost } from '@/lib/journal/posts';
import { formatDay } from '@/lib/journal/dates';
import styles from './journal.module.css';

/** A post in a list: its cover, title, tradition, date and summary; the whole card is its link. */
export function PostCard({
  post,
  priority = false,
  level = 2,
}: {
  post: JournalPost;
  priority?: boolean;
  /** The title's heading level: 3 under a section's heading. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className={styles.card} data-tradition={post.tradition}>
      <Picture
        image={post.cover}
        sizes="(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw"
        priority={priority}
        className={styles.cardPicture}
      />
      <p className={styles.meta}>
        {post.tradition} · <time dateTime={post.published}>{formatDay(post.published)}</time>
      </p>
      <Heading className={styles.cardTitle}>
        <Link href={post.path} className={styles.cardLink}>
          {post.title}
        </Link>
      </Heading>
      <p className={styles.summary}>{post.summary}</p>
    </li>
  );
}
