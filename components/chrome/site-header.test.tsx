import { beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '@/lib/content';
import type { SiteHeader as SiteHeaderType } from './site-header';
import { SocialLinks } from './social-links';

let mockPathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => mockPathname }));

// next/jest does not hoist jest.mock above imports that come from @jest/globals, so the
// component is imported once the mock is in place.
let SiteHeader: typeof SiteHeaderType;
beforeAll(async () => {
  ({ SiteHeader } = await import('./site-header'));
});

/** The header as the layout renders it. */
const header = () => (
  <SiteHeader
    siteName={site.name}
    items={site.nav.header}
    book={site.nav.book}
    socials={<SocialLinks socials={site.socials} />}
    scrolledThresholdPx={50}
  />
);

function renderHeader() {
  return render(header());
}

describe('SiteHeader', () => {
  beforeEach(() => {
    mockPathname = '/';
    window.scrollY = 0;
    window.scrollTo = jest.fn() as never;
    window.matchMedia = jest.fn(() => ({
      matches: true,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    })) as never;
  });

  test('marks the current page', () => {
    mockPathname = '/about/';
    renderHeader();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  test('turns scrolled only after more than 50 px', () => {
    renderHeader();
    const header = screen.getByRole('banner');
    window.scrollY = 50;
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    window.scrollY = 51;
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('the group is a disclosure: Escape closes it back on its summary, a link closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const summary = screen.getByText('For Photographers').closest('summary')!;
    const group = summary.closest('details')!;
    await user.click(summary);
    expect(group.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(group.open).toBe(false);
    expect(summary).toHaveFocus();
    await user.click(summary);
    await user.click(screen.getByRole('link', { name: 'Education' }));
    expect(group.open).toBe(false);
  });

  test('a click elsewhere closes the group', async () => {
    const user = userEvent.setup();
    renderHeader();
    const summary = screen.getByText('For Photographers').closest('summary')!;
    await user.click(summary);
    await user.click(screen.getByRole('banner'));
    expect(summary.closest('details')!.open).toBe(false);
  });

  // The popover itself (open, close, Escape, a tap beside it) is the browser's, which jsdom lacks:
  // e2e/tests/chrome.spec.ts tries it in Chromium.
  test('the menu is a popover of the Menu and close buttons, a modal dialog while open', () => {
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menuButton.getAttribute('popovertarget')!)!;
    expect(panel).toHaveAttribute('popover', 'auto');
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(close).toHaveAttribute('popovertarget', panel.id);
    expect(close).toHaveAttribute('popovertargetaction', 'hide');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent(panel, Object.assign(new Event('toggle'), { newState: 'open' }));
    expect(screen.getByRole('dialog', { name: 'Site menu' })).toBe(panel);
    expect(close).toHaveFocus();
    fireEvent(panel, Object.assign(new Event('toggle'), { newState: 'closed' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a navigation scrolls back to the top, the first render does not', () => {
    const { rerender } = renderHeader();
    expect(window.scrollTo).not.toHaveBeenCalled();
    mockPathname = '/services/';
    rerender(header());
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
