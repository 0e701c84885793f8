import type { MetadataRoute } from 'next';
import { allRoutes, isIndexable } from '@/lib/routes';
import { settings } from '@/lib/settings';

export const dynamic = 'force-static';

export default function sitemap(): MetadataRoute.Sitemap {
  return allRoutes()
    .filter(isIndexable)
    .map((route) => ({ url: `${settings.siteUrl}${route.path}` }));
}
