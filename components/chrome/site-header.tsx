'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import type { Link as NavLink, LinkGroup, Social } from '@/lib/content';
import { SocialLinks } from './social-links';
import styles from './site-header.module.css';

type Props = {
  siteName: string;
  items: (NavLink | LinkGroup)[];
  book: NavLink;
  socials: Social[];
  scrolledThresholdPx: number;
};

const isGroup = (item: NavLink | LinkGroup): item is LinkGroup => 'links' in item;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function SiteHeader({ siteName, items, book, socials, scrolledThresholdPx }: Props) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [scrolled, setScrolled] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Back and forward navigation closes the menu and dropdown as link clicks do.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
    setOpenGroup(null);
  }

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > scrolledThresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [scrolledThresholdPx]);

  useEffect(() => {
    if (menuOpen) closeButton.current?.focus();
  }, [menuOpen]);

  // After a navigation, glide to the very top (the CSS smooth behaviour, or instant when the
  // visitor prefers reduced motion); the router alone stops at the page's first element.
  const scrolledFor = useRef(pathname);
  useEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen && !openGroup) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (openGroup) {
        setOpenGroup(null);
        document.getElementById(`${panelId}-${openGroup}`)?.focus();
      } else {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element;
      if (openGroup && !target.closest('[data-nav-group]')) setOpenGroup(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen, openGroup, panelId]);

  useFocusTrap(panel, menuOpen);

  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) {
      setMenuOpen(false);
      setOpenGroup(null);
    }
  };

  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  const linkProps = (link: NavLink) => ({
    href: link.href,
    'aria-current': samePath(link.href, pathname) ? ('page' as const) : undefined,
  });

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={styles.bar}>
        <Link href="/" className={styles.logo}>
          {siteName}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span className={styles.menuLabel}>Menu</span>
        </button>
        <div
          ref={panel}
          id={panelId}
          className={styles.panel}
          data-open={menuOpen}
          onClick={closeOnLink}
          role={menuOpen ? 'dialog' : undefined}
          aria-modal={menuOpen ? true : undefined}
          aria-label={menuOpen ? 'Site menu' : undefined}
        >
          <button
            ref={closeButton}
            type="button"
            className={styles.closeButton}
            onClick={closeMenu}
            aria-label="Close menu"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
          <nav aria-label="Main">
            <ul className={styles.navList}>
              {items.map((item, index) =>
                isGroup(item) ? (
                  <li
                    key={item.label}
                    className={styles.group}
                    data-nav-group
                    data-open={openGroup === `group-${index}`}
                    onBlur={(event) => {
                      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                        setOpenGroup(null);
                      }
                    }}
                  >
                    <button
                      id={`${panelId}-group-${index}`}
                      type="button"
                      className={styles.navLink}
                      aria-expanded={openGroup === `group-${index}`}
                      aria-controls={`${panelId}-group-${index}-links`}
                      onClick={() =>
                        setOpenGroup(openGroup === `group-${index}` ? null : `group-${index}`)
                      }
                    >
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
                    </button>
                    <ul id={`${panelId}-group-${index}-links`} className={styles.dropdown}>
                      {item.links.map((link) => (
                        <li key={link.href}>
                          <Link className={styles.dropdownLink} {...linkProps(link)}>
                            {link.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={item.href}>
                    <Link className={styles.navLink} {...linkProps(item)}>
                      {item.label}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <Link className={styles.book} {...linkProps(book)}>
            {book.label}
          </Link>
          <SocialLinks socials={socials} className={styles.socials} />
        </div>
        <div
          className={styles.backdrop}
          data-open={menuOpen}
          onClick={closeMenu}
          aria-hidden="true"
        />
      </div>
    </header>
  );
}
