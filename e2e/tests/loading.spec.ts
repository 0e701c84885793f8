import { presetPath } from '@/lib/routes';
import { expect, test, type Page } from '../fixtures';

/** Fetches whose address matches `pattern` (but `except`): how many, and the first's start. */
const fetches = (page: Page, pattern: RegExp, except = '') =>
  page.evaluate(
    ([source, except]) => {
      const found = performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(source).test(entry.name) && entry.name !== except);
      return { count: found.length, firstFetch: Math.min(...found.map((e) => e.startTime)) };
    },
    [pattern.source, except] as const,
  );

const firstPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);

// A first visit paints in the fonts' metric-matched stand-ins and fetches the web fonts after
// that paint; once the browser has them, later pages use them from their first frame
// (components/chrome/first-screen.tsx).
test('the web fonts load after the first paint of a first visit, and from the start after that', async ({
  page,
}) => {
  const fontTiming = async () => {
    const heading = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('500 32px cormorantGaramond');
    });
    return { ...(await fetches(page, /\.woff2$/)), paint: await firstPaint(page), heading };
  };

  await page.goto('/about/');
  await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
  const first = await fontTiming();
  expect(first.count).toBeGreaterThan(0);
  expect(first.firstFetch).toBeGreaterThanOrEqual(first.paint);
  expect(first.heading).toBe(true);

  await page.goto('/presets/');
  const later = await fontTiming();
  expect(later.count).toBeGreaterThan(0);
  expect(later.firstFetch).toBeLessThan(later.paint);
});

// The switch happens once: a first visit fetches the web faces whose stand-ins its text uses,
// and switches when all of them are in, so no face arrives later and moves the text; a face the
// page does not use is not fetched (the italic, on a page without italic text).
for (const [path, italic] of [
  ['/', true],
  ['/contact/', false],
] as const) {
  test(`a first visit of ${path} switches to the web fonts once the faces it uses are in`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute('data-fonts')) return;
        observer.disconnect();
        (window as unknown as { loaded: string[] }).loaded = [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => `${face.style} ${face.family}`);
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-fonts'] });
    });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
    const loaded = await page.evaluate(() => (window as unknown as { loaded: string[] }).loaded);
    expect(loaded).toEqual(expect.arrayContaining(['normal jost', 'normal cormorantGaramond']));
    expect(loaded.includes('italic cormorantGaramond')).toBe(italic);
    await page.waitForLoadState('load');
    expect((await fetches(page, /cormorant_garamond_latin_500_italic/)).count).toBe(italic ? 1 : 0);
  });
}

// The stand-ins match the web fonts' widths on average, not word by word: a first visit that opens
// the cart before the fonts are in keeps its words where they are while it reads them, and gets
// the fonts when the cart closes.
test('the web fonts wait for the open cart to close', async ({ page, cart }) => {
  test.skip(test.info().project.name === 'phone', 'when the fonts switch, not layout: desktop');
  let fontsIn!: () => void;
  const held = new Promise<void>((resolve) => (fontsIn = resolve));
  await page.route('**/*.woff2', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(presetPath({ slug: 'stoic-pack' }));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const remove = cart.panel.getByRole('button', { name: /^Remove/ });
  const before = await remove.boundingBox();

  fontsIn();
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((face) => face.family === 'jost' && face.status === 'loaded'),
      ),
    )
    .toBe(true);
  await page.waitForTimeout(500);
  await expect(page.locator('html')).not.toHaveAttribute('data-fonts');
  expect(await remove.boundingBox()).toEqual(before);

  await cart.close();
  await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
});

// The main picture has the connection to itself until it is on screen; the pictures near it that
// load lazily start after that (components/chrome/first-screen.tsx), and then load. The gallery's
// tiles are sized by their grid; the home page's promo photo sizes its own box, by its shape.
for (const [path, others] of [
  ['/weddings/Wed1/', /\/media\/galleries\//],
  ['/', /\/media\/home\//],
] as const) {
  test(`lazy pictures on ${path} start loading once the main picture is painted`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.locator('html')).not.toHaveAttribute('data-painting');
    const lazy = page.locator('img[loading="lazy"]').first();
    await expect(lazy).toBeVisible();
    await expect.poll(() => lazy.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const painted = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => {
            const entry = list.getEntries()[0] as PerformanceEntry & { renderTime: number };
            resolve(entry.renderTime);
          }).observe({ type: 'element', buffered: true }),
        ),
    );
    const main = await page
      .locator('img[elementtiming]')
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    const fetched = await fetches(page, others, main);
    expect(fetched.count).toBeGreaterThan(2);
    expect(fetched.firstFetch).toBeGreaterThanOrEqual(painted);
  });
}
