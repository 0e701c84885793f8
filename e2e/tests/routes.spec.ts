import {
  productsOf,
  galleries,
  journalCopy,
  pages,
  presets,
  services,
  site,
  terms,
} from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { journal, journalCities } from '@/lib/journal/posts';
import {
  allRoutes,
  productPath,
  galleryPath,
  legacyPresets,
  presetPath,
  servicePath,
} from '@/lib/routes';
import { expect, test } from '../fixtures';

const pageHeadings: Record<string, string> = {
  '/': pages.home.heading,
  '/about/': pages.about.heading,
  '/book/': pages.book.heading,
  '/contact/': pages.contact.heading,
  '/education/': pages.education.heading,
  '/presets/': pages.presets.heading,
  '/services/': pages.services.heading,
  '/lovenotes/': pages.lovenotes.heading,
  '/journal/': journalCopy.page.heading,
  '/checkout/': pages.checkout.heading,
  '/thank-you/': 'Thank You for Your Purchase!',
  '/review/': pages.review.heading,
  '/terms/': terms.heading,
};

/** The heading each route shows, taken from the content it is built from. */
const expectations = new Map<string, string>([
  ...Object.entries(pageHeadings),
  ...presets.map((p) => [presetPath(p), p.name] as const),
  ...productsOf('bundle').map((b) => [productPath(b), b.name] as const),
  ...services.map((s) => [servicePath(s), s.heading] as const),
  ...galleries.map((g) => [galleryPath(g), g.title] as const),
  ...journal().map((post) => [post.path, post.title] as const),
  ...journalCities().map(
    (city) => [city.path, fillIn(journalCopy.city.heading, { city: city.name })] as const,
  ),
]);

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
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        expectations.get(route.path)!,
      );
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
