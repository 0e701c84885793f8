import type { BlogPosting, ImageObject, WithContext } from 'schema-dts';
import type { Site } from '@/lib/content';
import type { MediaEntry } from '@/lib/media';
import type { JournalPost } from './posts';

type Image = Extract<MediaEntry, { kind: 'image' }>;

const absolute = (siteUrl: string, path: string) => new URL(path, `${siteUrl}/`).toString();

/** Where the journal says how its photographs may be used, and where to ask for a licence. */
export const licencePaths = { licence: '/journal/#licence', acquire: '/contact/' };

/**
 * A post as Google reads an article: headline, the cover in 16:9, 4:3 and 1:1 (each 1200 px
 * wide), its dates and its author (developers.google.com/search/docs/appearance/structured-data/article).
 */
export function blogPostingData(
  post: JournalPost,
  cover: Image,
  site: Site,
  siteUrl: string,
): WithContext<BlogPosting> {
  const studio = { '@type': 'Organization' as const, name: site.name, url: `${siteUrl}/` };
  const crops = cover.crops ? [cover.crops['16x9'], cover.crops['4x3'], cover.crops['1x1']] : [];
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    image: (crops.length > 0 ? crops : [cover.fallback]).map((url) => absolute(siteUrl, url)),
    datePublished: post.published,
    dateModified: post.updated ?? post.published,
    author: studio,
    publisher: studio,
    mainEntityOfPage: absolute(siteUrl, post.path),
    about: post.events.map((event) => ({
      '@type': 'Event' as const,
      name: `${event.label}: ${post.couple}`,
      startDate: event.date,
      location: {
        '@type': event.placeOfWorship ? ('PlaceOfWorship' as const) : ('Place' as const),
        name: event.venue,
        address: event.city,
      },
    })),
  };
}

/**
 * A photograph with its licence, as Google Images shows it ("Licensable"): who made it, the
 * credit, the notice, the licence and where to ask for one
 * (developers.google.com/search/docs/appearance/structured-data/image-license-metadata).
 */
export function photoLicenceData(
  photo: { alt: string; caption?: string },
  image: Image,
  site: Site,
  siteUrl: string,
  year: string,
): WithContext<ImageObject> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageObject',
    contentUrl: absolute(siteUrl, image.fallback),
    description: photo.caption ?? photo.alt,
    creator: { '@type': 'Organization', name: site.name },
    creditText: site.name,
    copyrightNotice: `© ${year} ${site.name}`,
    license: absolute(siteUrl, licencePaths.licence),
    acquireLicensePage: absolute(siteUrl, licencePaths.acquire),
  };
}
