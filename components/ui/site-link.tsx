import { Link } from '@/components/ui/link';
import type { ComponentProps } from 'react';
import { allRoutes } from '@/lib/routes';

const registered = new Set(allRoutes().map((route) => route.path));

/**
 * A link to a page of this site. Addresses the site does not pre-render (the preserved
 * /Weddings/wed1 of the original site) load as a plain document so that the 404 page can
 * resolve them, instead of being prefetched by the router.
 */
export function SiteLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  const path = href.endsWith('/') ? href : `${href}/`;
  return registered.has(path) ? <Link href={href} {...props} /> : <a href={href} {...props} />;
}
