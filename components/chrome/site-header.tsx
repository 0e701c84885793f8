import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import type { Link as NavLink, LinkGroup } from '@/lib/content';
import { CurrentLink, HeaderMenu, ScrolledHeader } from './header-controls';
import styles from './site-header.module.css';

type Props = {
  siteName: string;
  items: (NavLink | LinkGroup)[];
  book: NavLink;
  /** The social links, rendered on the server (no client code: they hold no state). */
  socials: ReactNode;
  scrolledThresholdPx: number;
};

const isGroup = (item: NavLink | LinkGroup): item is LinkGroup => 'links' in item;

/** The menu's panel (one header per page). */
const PANEL_ID = 'site-menu';

/**
 * The header, rendered on the server. Its controls are the browser's own, so they answer from the
 * first paint, before and without React: on a phone the Menu button opens the navigation as a
 * `popover` (Escape, a tap beside it or the close control close it), and the For Photographers
 * group is a `<details>`. What React adds is in ./header-controls.tsx.
 */
export function SiteHeader({ siteName, items, book, socials, scrolledThresholdPx }: Props) {
  return (
    <ScrolledHeader className={styles.header} thresholdPx={scrolledThresholdPx}>
      <div className={styles.bar}>
        <Link href="/" className={styles.logo}>
          {siteName}
        </Link>
        <button type="button" className={styles.menuButton} popoverTarget={PANEL_ID}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span className={styles.menuLabel}>Menu</span>
        </button>
        <HeaderMenu id={PANEL_ID} className={styles.panel} closeClassName={styles.closeButton}>
          <nav aria-label="Main">
            <ul className={styles.navList}>
              {items.map((item) =>
                isGroup(item) ? (
                  <li key={item.label}>
                    <details className={styles.group} data-nav-group>
                      <summary className={styles.navLink}>
                        {item.label}
                        <svg
                          viewBox="0 0 12 12"
                          width="12"
                          height="12"
                          aria-hidden="true"
                          focusable="false"
                        >
                          <path
                            d="M2 4l4 4 4-4"
                            stroke="currentColor"
                            strokeWidth="1.5"
                            fill="none"
                          />
                        </svg>
                      </summary>
                      <ul className={styles.dropdown}>
                        {item.links.map((link) => (
                          <li key={link.href}>
                            <CurrentLink className={styles.dropdownLink} link={link} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={item.href}>
                    <CurrentLink className={styles.navLink} link={item} />
                  </li>
                ),
              )}
            </ul>
          </nav>
          <CurrentLink className={styles.book} link={book} />
          <div className={styles.socials}>{socials}</div>
        </HeaderMenu>
      </div>
    </ScrolledHeader>
  );
}
