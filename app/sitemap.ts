import type { MetadataRoute } from 'next';
import { journal, journalCities } from '@/lib/journal/posts';
import { mediaImage } from '@/lib/media';
import { allRoutes, isIndexable } from '@/lib/routes';
import { settings } from '@/lib/settings';

export const dynamic = 'force-static';

export default function sitemap(): MetadataRoute.Sitemap {
  const absolute = (path: string) => `${settings.siteUrl}${path}`;
  const posts = journal();
  return [
    ...allRoutes()
      .filter((route) => isIndexable(route) && route.kind !== 'journal')
      .map((route) => ({ url: absolute(route.path) })),
    // The journal's posts and city pages, with their photographs (Google's image sitemap).
    ...posts.map((post) => ({
      url: absolute(post.path),
      lastModified: post.updated ?? post.published,
      images: [post.cover, ...post.events.flatMap((event) => event.photos)].map((photo) =>
        absolute(mediaImage(photo.src).fallback),
      ),
    })),
    ...journalCities(posts).map((city) => ({
      url: absolute(city.path),
      images: city.posts.map((post) => absolute(mediaImage(post.cover.src).fallback)),
    })),
  ];
}
