import type { MetadataRoute } from 'next';
import { settings } from '@/lib/settings';

export const dynamic = 'force-static';

export default function robots(): MetadataRoute.Robots {
  return {
    // Nothing is disallowed: the checkout and thank-you pages say noindex themselves, which a
    // crawler can only read if it may fetch them.
    rules: { userAgent: '*', allow: '/' },
    sitemap: `${settings.siteUrl}/sitemap.xml`,
  };
}
