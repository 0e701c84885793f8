import { Link } from '@/components/ui/link';
import { PostCard } from '@/components/journal/post-card';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import styles from '@/components/journal/journal.module.css';
import { journalCopy } from '@/lib/content';
import { journal, journalCities } from '@/lib/journal/posts';
import { traditions } from '@/lib/journal/schema';
import { pageMetadata } from '@/lib/metadata';

export function generateMetadata() {
  const posts = journal();
  return pageMetadata({
    title: journalCopy.page.title,
    description: journalCopy.page.description,
    path: '/journal/',
    image: posts[0]?.cover,
  });
}

/**
 * Every post, newest first. The tradition filter is a set of radio buttons and CSS (`:has()`):
 * it works from the first paint, without a script. Each city has a page of its own.
 */
export default function JournalPage() {
  const posts = journal();
  const present = traditions.filter((tradition) => posts.some((p) => p.tradition === tradition));
  const cities = journalCities(posts);
  return (
    <>
      <PageHeader heading={journalCopy.page.heading} intro={journalCopy.page.intro} />
      <Section>
        <div className={styles.journal}>
          {present.length > 1 && (
            <fieldset className={styles.filter}>
              <legend className={styles.legend}>{journalCopy.filter.legend}</legend>
              {['', ...present].map((tradition) => (
                <label key={tradition} className={styles.choice}>
                  <input
                    type="radio"
                    name="tradition"
                    value={tradition}
                    defaultChecked={tradition === ''}
                  />
                  {tradition || journalCopy.filter.all}
                </label>
              ))}
            </fieldset>
          )}
          <ul className={styles.cards}>
            {posts.map((post, index) => (
              <PostCard key={post.slug} post={post} priority={index === 0} />
            ))}
          </ul>
        </div>
        <nav className={styles.cities} aria-labelledby="journal-cities">
          <h2 id="journal-cities" className={styles.subheading}>
            {journalCopy.allCities}
          </h2>
          <ul>
            {cities.map((city) => (
              <li key={city.slug}>
                <Link href={city.path}>
                  {city.name} ({city.posts.length})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p id="licence" className={styles.licence}>
          {journalCopy.licence}
        </p>
      </Section>
    </>
  );
}
