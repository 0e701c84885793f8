import { FilmFacade } from '@/components/media/film-facade';
import { Picture } from '@/components/media/picture';
import { journalCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import type { JournalPost } from '@/lib/journal/posts';
import { PostCard } from './post-card';
import { PostPart } from './post-part';
import styles from './journal.module.css';

// The optional parts of a post (lib/journal/schema.ts): the film, the couple's words, what the
// studio made, and the weddings to read next.

export function PostFilm({ film }: { film: NonNullable<JournalPost['film']> }) {
  return (
    <PostPart id="journal-film" heading={journalCopy.filmHeading} className={styles.film}>
      <FilmFacade
        title={film.title}
        youtubeId={film.youtubeId}
        poster={
          <Picture image={film.poster} sizes="(min-width: 900px) 860px, 100vw" fill decorative />
        }
      />
    </PostPart>
  );
}

export function PostQuote({
  quote,
  couple,
}: {
  quote: NonNullable<JournalPost['quote']>;
  couple: string;
}) {
  return (
    <figure className={styles.quote}>
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption>{quote.by ?? couple}</figcaption>
    </figure>
  );
}

export function WhatWeMade({ made }: { made: NonNullable<JournalPost['made']> }) {
  const words = journalCopy.made;
  return (
    <PostPart id="journal-made" heading={journalCopy.madeHeading} className={styles.made}>
      <ul>
        <li>{made.days === 1 ? words.day : fillIn(words.days, { n: made.days })}</li>
        <li>{fillIn(words.hours, { n: made.hours })}</li>
        {made.deliverables.map((deliverable) => (
          <li key={deliverable}>{deliverable}</li>
        ))}
      </ul>
    </PostPart>
  );
}

export function RelatedWeddings({ posts }: { posts: JournalPost[] }) {
  if (posts.length === 0) return null;
  return (
    <PostPart id="journal-related" heading={journalCopy.relatedHeading} className={styles.related}>
      <ul className={styles.cards}>
        {posts.map((post) => (
          <PostCard key={post.slug} post={post} level={3} />
        ))}
      </ul>
    </PostPart>
  );
}
