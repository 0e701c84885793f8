import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { PostCard } from '@/components/journal/post-card';
import { JsonLd } from '@/components/ui/json-ld';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import styles from '@/components/journal/journal.module.css';
import { fillIn } from '@/lib/shared/copy';
import { journalCopy } from '@/lib/content';
import { cityHeading, journalCities } from '@/lib/journal/posts';
import { pageMetadata } from '@/lib/metadata';
import { settings } from '@/lib/settings';
import { breadcrumbData } from '@/lib/structured-data';

// A city's weddings: /journal/in/surrey/, a page a search for "wedding photographer Surrey" can find.
type Props = { params: Promise<{ city: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return journalCities().map((city) => ({ city: city.slug }));
}

const cityOf = async ({ params }: Props) => {
  const { city } = await params;
  return journalCities().find((entry) => entry.slug === city);
};

export async function generateMetadata(props: Props) {
  const city = await cityOf(props);
  if (!city) return {};
  return pageMetadata({
    title: fillIn(journalCopy.city.title, { city: city.name }),
    description: fillIn(journalCopy.city.description, { city: city.name }),
    path: city.path,
    image: city.posts[0]!.cover,
  });
}

export default async function JournalCityPage(props: Props) {
  const city = await cityOf(props);
  if (!city) notFound();
  const heading = cityHeading(city.name);
  return (
    <>
      <JsonLd
        data={breadcrumbData(settings.siteUrl, [
          { name: 'Home', path: '/' },
          { name: journalCopy.page.heading, path: '/journal/' },
          { name: heading, path: city.path },
        ])}
      />
      <PageHeader heading={heading} eyebrow={journalCopy.page.heading} />
      <Section>
        <ul className={styles.cards}>
          {city.posts.map((post, index) => (
            <PostCard key={post.slug} post={post} priority={index === 0} />
          ))}
        </ul>
        <p className={styles.back}>
          <Link href="/journal/">{journalCopy.page.heading}</Link>
        </p>
      </Section>
    </>
  );
}
