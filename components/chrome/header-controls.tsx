'use client';

// What the header needs of React (components/chrome/site-header.tsx renders the rest on the
// server): the scrolled look, the menu as a modal dialog while open, and the current page marked
// after a navigation.
import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import type { Link as NavLink } from '@/lib/content';

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

/** The header, marked `data-scrolled` once the page has scrolled past the threshold. */
export function ScrolledHeader({
  className,
  thresholdPx,
  children,
}: {
  className?: string;
  thresholdPx: number;
  children: ReactNode;
}) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return (
    <header className={className} data-scrolled={scrolled}>
      {children}
    </header>
  );
}

/** A link of the navigation, marked as the current page when it is. */
export function CurrentLink({ link, className }: { link: NavLink; className?: string }) {
  const pathname = usePathname();
  return (
    <Link
      className={className}
      href={link.href}
      aria-current={samePath(link.href, pathname) ? 'page' : undefined}
    >
      {link.label}
    </Link>
  );
}

/**
 * The menu's panel: a `popover` the Menu button opens before and without React. React adds what
 * the platform does not: a modal dialog while open (focus on its close control and kept inside),
 * a chosen link or a navigation closes it and its groups, and Escape, a click elsewhere or focus
 * leaving close a group.
 */
export function HeaderMenu({
  id,
  className,
  closeClassName,
  children,
}: {
  id: string;
  className?: string;
  closeClassName?: string;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target as Element).closest('[data-nav-group]')) closeGroups(panel.current);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  // Escape in an open group closes it, back on its summary (outside one, Escape is the menu's).
  const onKeyDown = (event: KeyboardEvent) => {
    const group = (event.target as Element).closest('details[open]');
    if (event.key !== 'Escape' || !group) return;
    event.preventDefault();
    event.stopPropagation();
    (group as HTMLDetailsElement).open = false;
    group.querySelector('summary')?.focus();
  };

  // Focus leaving an open group closes it.
  const onBlur = (event: FocusEvent) => {
    const group = (event.target as Element).closest<HTMLDetailsElement>('details[open]');
    if (group && !group.contains(event.relatedTarget as Node | null)) group.open = false;
  };

  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) closeAll(panel.current);
  };

  return (
    <div
      ref={panel}
      id={id}
      popover="auto"
      className={className}
      onToggle={(event) => {
        setMenuOpen(event.newState === 'open');
        if (event.newState === 'open') closeButton.current?.focus();
      }}
      onClick={closeOnLink}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      role={menuOpen ? 'dialog' : undefined}
      aria-modal={menuOpen ? true : undefined}
      aria-label={menuOpen ? 'Site menu' : undefined}
    >
      <button
        ref={closeButton}
        type="button"
        className={closeClassName}
        popoverTarget={id}
        popoverTargetAction="hide"
        aria-label="Close menu"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {children}
    </div>
  );
}
