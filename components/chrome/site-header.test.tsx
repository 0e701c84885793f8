import { beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '@/lib/content';
import type { SiteHeader as SiteHeaderType } from './site-header';

let mockPathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => mockPathname }));

// next/jest does not hoist jest.mock above imports that come from @jest/globals, so the
// component is imported once the mock is in place.
let SiteHeader: typeof SiteHeaderType;
beforeAll(async () => {
  ({ SiteHeader } = await import('./site-header'));
});

function renderHeader() {
  return render(
    <SiteHeader
      siteName={site.name}
      items={site.nav.header}
      book={site.nav.book}
      socials={site.socials}
      scrolledThresholdPx={50}
    />,
  );
}

describe('SiteHeader', () => {
  beforeEach(() => {
    mockPathname = '/';
    window.scrollY = 0;
    window.scrollTo = jest.fn() as never;
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

  test('the dropdown toggles and Escape closes it, returning focus to its button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'For Photographers' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  test('the menu opens as a dialog, focuses its close control and closes on a link', async () => {
    const user = userEvent.setup();
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    expect(screen.getByRole('dialog', { name: 'Site menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'For Photographers' }));
    await user.click(screen.getByRole('link', { name: 'Education' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'For Photographers' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('Escape closes the menu and returns focus to the menu button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  test('a navigation scrolls back to the top, the first render does not', () => {
    const { rerender } = renderHeader();
    expect(window.scrollTo).not.toHaveBeenCalled();
    mockPathname = '/services/';
    rerender(
      <SiteHeader
        siteName={site.name}
        items={site.nav.header}
        book={site.nav.book}
        socials={site.socials}
        scrolledThresholdPx={50}
      />,
    );
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
