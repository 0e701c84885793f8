'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import type { Link as NavLink, LinkGroup } from '@/lib/content';
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

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Closes the open groups in the panel. */
function closeGroups(panel: HTMLElement | null) {
  for (const group of panel?.querySelectorAll('details[open]') ?? []) {
    (group as HTMLDetailsElement).open = false;
  }
}

/** Closes the menu and its groups. */
function closeAll(panel: HTMLElement | null) {
  if (panel?.matches(':popover-open')) panel.hidePopover();
  closeGroups(panel);
}

/** The width below which the navigation folds into the slide-in menu (site-header.module.css). */
const PHONE = '(max-width: 899.98px)';

/**
 * The header. Its controls are the browser's own, so they answer from the first paint, before
 * and without React: on a phone the Menu button opens the navigation as a `popover` (Escape, a tap
 * beside it or the close control close it), and the For Photographers group is a `<details>`.
 * React adds what the platform does not: the menu is a modal dialog while open (focus on its close
 * control and kept inside), a chosen link or a navigation closes both, and Escape, a click
 * elsewhere or focus leaving close the group.
 */
export function SiteHeader({ siteName, items, book, socials, scrolledThresholdPx }: Props) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // A navigation (a link, back or forward) closes the menu and the group.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeAll(panel.current);
    // Glide to the very top (the CSS smooth behaviour, or instant when the visitor prefers
    // reduced motion); the router alone stops at the page's first element.
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > scrolledThresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [scrolledThresholdPx]);

  // The menu may have been opened before React arrived (focus stays where the visitor put it).
  useEffect(() => {
    setMenuOpen(!!panel.current?.matches(':popover-open'));
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    // Widened past the phone layout, the menu is the header's navigation again.
    const phone = window.matchMedia(PHONE);
    const onChange = () => {
      if (!phone.matches) panel.current?.hidePopover();
    };
    phone.addEventListener('change', onChange);
    return () => phone.removeEventListener('change', onChange);
  }, [menuOpen]);

  useFocusTrap(panel, menuOpen);

  // Escape in an open group closes it, back on its summary (outside one, Escape is the menu's).
  const onKeyDown = (event: KeyboardEvent) => {
    const group = (event.target as Element).closest('details[open]');
    if (event.key !== 'Escape' || !group) return;
    event.preventDefault();
    event.stopPropagation();
    (group as HTMLDetailsElement).open = false;
    group.querySelector('summary')?.focus();
  };

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target as Element).closest('[data-nav-group]')) closeGroups(panel.current);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) closeAll(panel.current);
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
        <button type="button" className={styles.menuButton} popoverTarget={panelId}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span className={styles.menuLabel}>Menu</span>
        </button>
        <div
          ref={panel}
          id={panelId}
          popover="auto"
          className={styles.panel}
          onToggle={(event) => {
            setMenuOpen(event.newState === 'open');
            if (event.newState === 'open') closeButton.current?.focus();
          }}
          onClick={closeOnLink}
          onKeyDown={onKeyDown}
          role={menuOpen ? 'dialog' : undefined}
          aria-modal={menuOpen ? true : undefined}
          aria-label={menuOpen ? 'Site menu' : undefined}
        >
          <button
            ref={closeButton}
            type="button"
            className={styles.closeButton}
            popoverTarget={panelId}
            popoverTargetAction="hide"
            aria-label="Close menu"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
          <nav aria-label="Main">
            <ul className={styles.navList}>
              {items.map((item) =>
                isGroup(item) ? (
                  <li key={item.label}>
                    <details
                      className={styles.group}
                      data-nav-group
                      onBlur={(event) => {
                        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                          event.currentTarget.open = false;
                        }
                      }}
                    >
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
                            <Link className={styles.dropdownLink} {...linkProps(link)}>
                              {link.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </details>
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
          <div className={styles.socials}>{socials}</div>
        </div>
      </div>
    </header>
  );
}
