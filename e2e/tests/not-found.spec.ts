import { pages, site } from '@/lib/content';
import { expect, test } from '../fixtures';

test.describe('the 404 page', () => {
  test.beforeEach(({ problems }) => {
    // The mistyped address itself answers 404 before the page sends the visitor on.
    problems.allow(/404/);
  });

  for (const [typed, route, heading] of [
    ['/Weddings/wed1', '/weddings/Wed1/', 'Aarav & Meera'],
    ['/Weddings/wed2/', '/weddings/Wed2/', 'Kabir & Ishita'],
    ['/SERVICES/cinematicfilms', '/services/cinematicFilms/', 'Cinematics'],
  ]) {
    test(`sends ${typed} to ${route}`, async ({ page }) => {
      await page.goto(typed!);
      await expect(page).toHaveURL(route!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    });
  }

  test('explains an unknown address and offers the main pages', async ({ page, chrome }) => {
    const response = await page.goto('/weddings/rohan-and-tara');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.notFound.heading);
    const suggestions = page.getByRole('navigation', { name: 'Suggested pages' }).getByRole('link');
    await expect(suggestions).toHaveText(site.nav.footer.map((link) => link.label));
    await expect(chrome.header).toBeVisible();
    await suggestions.filter({ hasText: 'Services' }).click();
    await expect(page).toHaveURL('/services/');
  });
});
