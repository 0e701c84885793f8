import { GalleryGrid } from '@/components/gallery/gallery-grid';
import { Picture } from '@/components/media/picture';
import button from '@/components/ui/button.module.css';
import { JsonLd } from '@/components/ui/json-ld';
import { Link } from '@/components/ui/link';
import { Section } from '@/components/ui/section';
import { journalCopy, site } from '@/lib/content';
import { formatDay } from '@/lib/journal/dates';
import { cityPath, enquiryHref, mainEvent } from '@/lib/journal/facts';
import {
  cityHeading,
  postCities,
  relatedPosts,
  type JournalEvent,
  type JournalPost,
} from '@/lib/journal/posts';
import { blogPostingData, photoLicenceData } from '@/lib/journal/structured-data';
import { mediaImage } from '@/lib/media';
import { settings } from '@/lib/settings';
import { fillIn } from '@/lib/shared/copy';
import { breadcrumbData } from '@/lib/structured-data';
import styles from './journal.module.css';
import { PostFilm, PostQuote, RelatedWeddings, WhatWeMade } from './post-extras';
import { PostPart } from './post-part';

// A real wedding's page (app/journal/[slug]/page.tsx), top to bottom: the cover and header, the
// story with its events listed, one section of photos per event, then the film, what the studio
// made, the vendors, an enquiry for the same venue, and the weddings to read next.

type Step = { name: string; path: string };

export function JournalPostView({ post }: { post: JournalPost }) {
  const main = mainEvent(post.events);
  // Home › The Journal › Weddings in <the main event's city> › the post: shown, and for search.
  const trail: Step[] = [
    { name: 'Home', path: '/' },
    { name: journalCopy.page.heading, path: '/journal/' },
    { name: cityHeading(main.city), path: cityPath(main.city) },
    { name: post.title, path: post.path },
  ];
  return (
    <article>
      <PostData post={post} trail={trail} />
      <div className={styles.cover}>
        <Picture image={post.cover} sizes="100vw" priority fill />
      </div>
      <PostHeader post={post} trail={trail} />
      <Section>
        {post.quote && <PostQuote quote={post.quote} couple={post.couple} />}
        <div className={styles.story} dangerouslySetInnerHTML={{ __html: post.html }} />
        <PostContents events={post.events} />
      </Section>
      {post.events.map((event) => (
        <PostEvent key={event.anchor} event={event} couple={post.couple} />
      ))}
      <Section>
        {post.film && <PostFilm film={post.film} />}
        {post.made && <WhatWeMade made={post.made} />}
        {post.vendors.length > 0 && <PostVendors vendors={post.vendors} />}
        <PostEnquiry venue={main} couple={post.couple} />
        <RelatedWeddings posts={relatedPosts(post)} />
      </Section>
    </article>
  );
}

/** For search engines: the post, its breadcrumb trail, and each photo's licence. */
function PostData({ post, trail }: { post: JournalPost; trail: Step[] }) {
  const year = post.events[0]!.date.slice(0, 4);
  const photos = post.events.flatMap((event) => event.photos);
  return (
    <>
      <JsonLd data={blogPostingData(post, mediaImage(post.cover.src), site, settings.siteUrl)} />
      <JsonLd data={breadcrumbData(settings.siteUrl, trail)} />
      <JsonLd
        data={photos.map((photo) =>
          photoLicenceData(photo, mediaImage(photo.src), site, settings.siteUrl, year),
        )}
      />
    </>
  );
}

function PostHeader({ post, trail }: { post: JournalPost; trail: Step[] }) {
  return (
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
  );
}

/** The wedding's events, each a link to its photos further down. */
function PostContents({ events }: { events: JournalEvent[] }) {
  return (
    <PostPart
      as="nav"
      id="journal-events"
      heading={journalCopy.eventsHeading}
      className={styles.toc}
    >
      <ol>
        {events.map((event) => (
          <li key={event.anchor}>
            <a href={`#${event.anchor}`}>{event.label}</a> · {event.venue}, {event.city}
          </li>
        ))}
      </ol>
    </PostPart>
  );
}

function PostEvent({ event, couple }: { event: JournalEvent; couple: string }) {
  return (
    <section id={event.anchor} className={styles.event}>
      <div className={styles.eventHeader}>
        <h2 className={styles.eventTitle}>{event.label}</h2>
        <p className={styles.meta}>
          {event.venue}, {event.city} · <time dateTime={event.date}>{formatDay(event.date)}</time>
        </p>
      </div>
      <GalleryGrid
        images={event.photos}
        sizes={[]}
        title={`${event.label}: ${couple}`}
        idPrefix={event.anchor}
        onFirstScreen={false}
      />
    </section>
  );
}

function PostVendors({ vendors }: { vendors: JournalPost['vendors'] }) {
  return (
    <PostPart id="journal-vendors" heading={journalCopy.vendorsHeading} className={styles.vendors}>
      <dl>
        {vendors.map((vendor) => (
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
    </PostPart>
  );
}

/** "Getting married at <the main venue>?": an enquiry with the venue filled in. */
function PostEnquiry({ venue, couple }: { venue: JournalEvent; couple: string }) {
  return (
    <PostPart
      as="aside"
      id="journal-enquiry"
      heading={fillIn(journalCopy.enquiry.heading, { venue: venue.venue })}
      className={styles.enquiry}
    >
      <p>{journalCopy.enquiry.text}</p>
      <Link href={enquiryHref(venue, couple)} className={button.primary}>
        {journalCopy.enquiry.link}
      </Link>
    </PostPart>
  );
}
