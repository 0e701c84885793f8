import { site } from '@/lib/content';
import { allRoutes, legacyPresets, presetPath } from '@/lib/routes';
import { expect, test } from '../fixtures';

test.describe('every route', () => {
  // What a route answers does not depend on the width; the layouts are the other specs' work.
  test.skip(({ isMobile }) => !isMobile, 'a phone');
  for (const route of allRoutes().filter((r) => r.kind !== 'preset-redirect')) {
    test(`${route.path} answers 200 with its heading and the site chrome`, async ({
      page,
      chrome,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      // The heading of the content the page is built from (lib/routes.ts).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page).toHaveTitle(new RegExp(site.name));
      await expect(chrome.header).toBeVisible();
      await expect(chrome.footer).toContainText(`© ${site.copyrightYear}`);
    });
  }
});

test.describe('old preset addresses', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone');
  for (const preset of legacyPresets()) {
    test(`/${preset.legacyPath}/ sends the visitor to the ${preset.name} page`, async ({
      page,
    }) => {
      await page.goto(`/${preset.legacyPath}/`);
      await expect(page).toHaveURL(presetPath(preset));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(preset.name);
    });
  }

  test('the redirect page carries a canonical link and a visible link', async ({ page }) => {
    const response = await page.request.get('/stoic-preset/');
    const html = await response.text();
    expect(html).toMatch(/<meta http-equiv="refresh" content="0; url=\/full-item\/stoic-pack\/"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/full-item\/stoic-pack\/"/);
    expect(html).toMatch(/<a href="\/full-item\/stoic-pack\/">Go to Stoic Pack<\/a>/);
  });
});
