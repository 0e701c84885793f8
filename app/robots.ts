import type { MetadataRoute } from 'next';
import { allRoutes } from '@/lib/routes';
import { settings } from '@/lib/settings';

export const dynamic = 'force-static';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: allRoutes()
        .filter((route) => route.kind === 'private')
        .map((route) => route.path),
    },
    sitemap: `${settings.siteUrl}/sitemap.xml`,
  };
}
