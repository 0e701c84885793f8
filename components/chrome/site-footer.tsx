import { Link } from '@/components/ui/link';
import type { Site } from '@/lib/content';
import { SocialLinks } from './social-links';
import styles from './site-footer.module.css';

export function SiteFooter({ site }: { site: Site }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{site.name}</p>
          <p className={styles.tagline}>{site.tagline}</p>
          <p>
            <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            <a href={`tel:${site.phone.replace(/[^+\d]/g, '')}`}>{site.phone}</a>
          </p>
        </div>
        <nav aria-label="Quick links" className={styles.quick}>
          <h2 className={styles.heading}>Quick links</h2>
          <ul>
            {site.nav.footer.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Follow us</h2>
          <SocialLinks socials={site.socials} />
        </div>
      </div>
      <p className={styles.copyright}>
        © {site.copyrightYear} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
