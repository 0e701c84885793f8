import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { GalleryGrid } from '@/components/gallery/gallery-grid';
import { Picture } from '@/components/media/picture';
import { JsonLd } from '@/components/ui/json-ld';
import { Section } from '@/components/ui/section';
import styles from '@/components/journal/journal.module.css';
import { PostFilm, PostQuote, RelatedWeddings, WhatWeMade } from '@/components/journal/post-extras';
import button from '@/components/ui/button.module.css';
import { fillIn } from '@/lib/shared/copy';
import { journalCopy, site } from '@/lib/content';
import { formatDay } from '@/lib/journal/dates';
import { cityPath, enquiryHref, mainEvent } from '@/lib/journal/facts';
import { getPost, journal, postCities, relatedPosts } from '@/lib/journal/posts';
import { blogPostingData, photoLicenceData } from '@/lib/journal/structured-data';
import { mediaImage } from '@/lib/media';
import { pageMetadata } from '@/lib/metadata';
import { settings } from '@/lib/settings';
import { breadcrumbData } from '@/lib/structured-data';

// A real wedding: /journal/sikh-wedding-gurdwara-dasmesh-darbar-surrey/
type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return journal().map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) return {};
  return pageMetadata({
    title: post.title,
    description: post.summary,
    path: post.path,
    image: post.cover,
    article: { published: post.published, modified: post.updated ?? post.published },
  });
}

export default async function JournalPostPage({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) notFound();
  const main = mainEvent(post.events);
  const year = post.events[0]!.date.slice(0, 4);
  const photos = post.events.flatMap((event) => event.photos);
  // Home › The Journal › Weddings in <the main event's city> › the post: shown, and for search.
  const trail = [
    { name: 'Home', path: '/' },
    { name: journalCopy.page.heading, path: '/journal/' },
    { name: fillIn(journalCopy.city.heading, { city: main.city }), path: cityPath(main.city) },
    { name: post.title, path: post.path },
  ];
  return (
    <article>
      <JsonLd data={blogPostingData(post, mediaImage(post.cover.src), site, settings.siteUrl)} />
      <JsonLd data={breadcrumbData(settings.siteUrl, trail)} />
      <JsonLd
        data={photos.map((photo) =>
          photoLicenceData(photo, mediaImage(photo.src), site, settings.siteUrl, year),
        )}
      />
      <div className={styles.cover}>
        <Picture image={post.cover} sizes="100vw" priority fill />
      </div>
      <header className={styles.postHeader}>
        <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
          <ol>
            {trail.slice(0, -1).map((step) => (
              <li key={step.path}>
                <Link href={step.path}>{step.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <p className={styles.eyebrow}>
          {post.tradition} ·{' '}
          {postCities(post).map((city, i) => (
            <span key={city.path}>
              {i > 0 && ', '}
              <Link href={city.path}>{city.name}</Link>
            </span>
          ))}
        </p>
        <h1 className={styles.title}>{post.title}</h1>
        <p className={styles.meta}>
          <time dateTime={post.published}>
            {fillIn(journalCopy.published, { date: formatDay(post.published) })}
          </time>
          {post.updated && (
            <>
              {' · '}
              <time dateTime={post.updated}>
                {fillIn(journalCopy.updated, { date: formatDay(post.updated) })}
              </time>
            </>
          )}
        </p>
      </header>
      <Section>
        {post.quote && <PostQuote quote={post.quote} couple={post.couple} />}
        <div className={styles.story} dangerouslySetInnerHTML={{ __html: post.html }} />
        <nav aria-labelledby="journal-events" className={styles.toc}>
          <h2 id="journal-events" className={styles.subheading}>
            {journalCopy.eventsHeading}
          </h2>
          <ol>
            {post.events.map((event) => (
              <li key={event.anchor}>
                <a href={`#${event.anchor}`}>{event.label}</a> · {event.venue}, {event.city}
              </li>
            ))}
          </ol>
        </nav>
      </Section>
      {post.events.map((event) => (
        <section key={event.anchor} id={event.anchor} className={styles.event}>
          <div className={styles.eventHeader}>
            <h2 className={styles.eventTitle}>{event.label}</h2>
            <p className={styles.meta}>
              {event.venue}, {event.city} ·{' '}
              <time dateTime={event.date}>{formatDay(event.date)}</time>
            </p>
          </div>
          <GalleryGrid
            images={event.photos}
            sizes={[]}
            title={`${event.label}: ${post.couple}`}
            idPrefix={event.anchor}
            onFirstScreen={false}
          />
        </section>
      ))}
      <Section>
        {post.film && <PostFilm film={post.film} />}
        {post.made && <WhatWeMade made={post.made} />}
        {post.vendors.length > 0 && (
          <section aria-labelledby="journal-vendors" className={styles.vendors}>
            <h2 id="journal-vendors" className={styles.subheading}>
              {journalCopy.vendorsHeading}
            </h2>
            <dl>
              {post.vendors.map((vendor) => (
                <div key={`${vendor.role}-${vendor.name}`}>
                  <dt>{vendor.role}</dt>
                  <dd>
                    {vendor.url ? (
                      <a href={vendor.url} rel="noopener noreferrer">
                        {vendor.name}
                      </a>
                    ) : (
                      vendor.name
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <aside className={styles.enquiry} aria-labelledby="journal-enquiry">
          <h2 id="journal-enquiry" className={styles.subheading}>
            {fillIn(journalCopy.enquiry.heading, { venue: main.venue })}
          </h2>
          <p>{journalCopy.enquiry.text}</p>
          <Link href={enquiryHref(main, post.couple)} className={button.primary}>
            {journalCopy.enquiry.link}
          </Link>
        </aside>
        <RelatedWeddings posts={relatedPosts(post)} />
      </Section>
    </article>
  );
}
