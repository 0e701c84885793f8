import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import type { JournalPost } from '@/lib/journal/posts';
import { formatDay } from '@/lib/journal/dates';
import styles from './journal.module.css';

/** A post in a list: its cover, title, tradition, date and summary; the whole card is its link. */
export function PostCard({ post, priority = false }: { post: JournalPost; priority?: boolean }) {
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
      <h2 className={styles.cardTitle}>
        <Link href={post.path} className={styles.cardLink}>
          {post.title}
        </Link>
      </h2>
      <p className={styles.summary}>{post.summary}</p>
    </li>
  );
}
