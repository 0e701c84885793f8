import { Link } from '@/components/ui/link';
import { RouteResolver } from '@/components/chrome/route-resolver';
import { PageHeader } from '@/components/ui/page-header';
import { pages, site } from '@/lib/content';
import { allRoutes } from '@/lib/routes';
import styles from './not-found.module.css';

// Next marks the 404 page noindex itself; saying it again would put the tag in twice.
export const metadata = { title: pages.notFound.title };

export default function NotFound() {
  const links = site.nav.footer;
  return (
    <>
      <PageHeader heading={pages.notFound.heading} intro={pages.notFound.intro} />
      <RouteResolver routes={allRoutes().map((route) => route.path)} />
      <nav aria-label="Suggested pages" className={styles.links}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
