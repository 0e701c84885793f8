import { site } from '@/lib/content';
import { expect, test } from '../fixtures';

test.describe('footer', () => {
  test('offers the quick links, three social networks and the copyright line', async ({
    page,
    chrome,
  }) => {
    await page.goto('/about/');
    const quick = chrome.footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
    await expect(quick).toHaveText([
      'Home',
      'Services',
      'Education',
      'Presets',
      'Journal',
      'About',
      'Contact',
      'Book Appointment',
      'Terms of sale',
    ]);
    const socials = chrome.footer.getByRole('link', { name: /opens in a new tab/ });
    await expect(socials).toHaveCount(3);
    for (const social of site.socials) {
      const link = chrome.footer.getByRole('link', { name: new RegExp(social.label) });
      await expect(link).toHaveAttribute('href', social.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(chrome.footer).toContainText(`© 2016 ${site.name}`);
    await quick.filter({ hasText: 'Education' }).click();
    await expect(page).toHaveURL('/education/');
  });
});

test.describe('header', () => {
  test('takes its scrolled look only past 50 px', async ({ page, chrome }) => {
    await page.goto('/lovenotes/');
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 400 });
    expect(await chrome.isScrolled()).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 50, behavior: 'instant' }));
    await page.waitForTimeout(100);
    expect(await chrome.isScrolled()).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 120, behavior: 'instant' }));
    await expect(chrome.header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(chrome.header).toHaveAttribute('data-scrolled', 'false');
  });
});

test.describe('header on a desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop header');

  test('shows every link and the highlighted booking button', async ({ page, chrome }) => {
    await page.goto('/');
    await expect(chrome.menuButton).toBeHidden();
    for (const name of ['Home', 'Services', 'About', 'Contact', 'Book Appointment']) {
      await expect(chrome.navLink(name)).toBeVisible();
    }
    await expect(chrome.header.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(3);
    await chrome.navLink('Services').click();
    await expect(page).toHaveURL('/services/');
    await expect(chrome.navLink('Services')).toHaveAttribute('aria-current', 'page');
  });

  test('the photographers dropdown works with the mouse and closes on a choice', async ({
    page,
    chrome,
  }) => {
    await page.goto('/');
    const education = chrome.navLink('Education');
    await expect(education).toBeHidden();
    await chrome.photographersButton.click();
    await expect(chrome.photographersGroup).toHaveJSProperty('open', true);
    await expect(education).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(education).toBeHidden();
    await chrome.photographersButton.click();
    await chrome.navLink('Presets').click();
    await expect(page).toHaveURL('/presets/');
    await expect(chrome.photographersGroup).toHaveJSProperty('open', false);
    await expect(chrome.navLink('Presets')).toBeHidden();
  });

  test('the photographers dropdown works with the keyboard alone', async ({ page, chrome }) => {
    await page.goto('/');
    await chrome.photographersButton.focus();
    await page.keyboard.press('Enter');
    await expect(chrome.navLink('Education')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chrome.navLink('Education')).toBeHidden();
    await expect(chrome.photographersButton).toBeFocused();
    await page.keyboard.press('Space');
    await expect(chrome.photographersGroup).toHaveJSProperty('open', true);
    await page.keyboard.press('Tab');
    await expect(chrome.navLink('Education')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/education/');
    await expect(chrome.navLink('Education')).toBeHidden();
  });

  test('a navigation from far down the page scrolls smoothly back to the top', async ({
    page,
    chrome,
  }) => {
    await page.goto('/lovenotes/');
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(chrome.header).toHaveAttribute('data-scrolled', 'true');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('smooth');
    await chrome.navLink('About').click();
    await expect(page).toHaveURL('/about/');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('header on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone menu');

  test('a menu button opens the slide-in menu, which a close control closes', async ({
    page,
    chrome,
  }) => {
    await page.goto('/');
    await expect(chrome.navLink('About')).toBeHidden();
    await chrome.menuButton.click();
    await expect(chrome.menu).toBeVisible();
    await expect(chrome.closeMenuButton).toBeFocused();
    for (const name of ['Home', 'Services', 'About', 'Contact', 'Book Appointment']) {
      await expect(chrome.navLink(name)).toBeVisible();
    }
    await chrome.closeMenuButton.click();
    await expect(chrome.menu).toBeHidden();
    await expect(chrome.navLink('About')).toBeHidden();
    await expect(chrome.menuButton).toBeFocused();
  });

  test('choosing a link closes the menu and the dropdown', async ({ page, chrome }) => {
    await page.goto('/');
    await chrome.menuButton.click();
    await chrome.photographersButton.click();
    await chrome.navLink('Education').click();
    await expect(page).toHaveURL('/education/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coaching & Mentorship');
    await expect(chrome.menu).toBeHidden();
    await chrome.menuButton.click();
    await expect(chrome.navLink('Education')).toBeHidden();
    await expect(chrome.photographersGroup).toHaveJSProperty('open', false);
  });

  test('Escape closes the menu and focus returns to the menu button; Tab stays inside', async ({
    page,
    chrome,
  }) => {
    await page.goto('/');
    await chrome.menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(chrome.menu).toBeVisible();
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await chrome.menu.evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(chrome.menu).toBeHidden();
    await expect(chrome.menuButton).toBeFocused();
  });

  test('clicking beside the menu closes it', async ({ page, chrome }) => {
    await page.goto('/');
    await chrome.menuButton.click();
    await expect(chrome.menu).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(chrome.menu).toBeHidden();
  });
});
