import { expect, test } from '../fixtures';

// Phones show the page before React takes over its main thread (scripts/html/transform.ts).
test('a page paints its content before it fetches its scripts, then hydrates', async ({ page }) => {
  await page.goto('/presets/');
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name));
    return {
      paint,
      scripts: scripts.length,
      firstFetch: Math.min(...scripts.map((s) => s.startTime)),
    };
  });
  expect(timing.scripts).toBeGreaterThan(3);
  expect(timing.firstFetch).toBeGreaterThanOrEqual(timing.paint);
  // Hydrated: the category filter answers.
  await page.getByRole('button', { name: 'TRAVEL' }).click();
  await expect(page.getByRole('button', { name: 'TRAVEL' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

// A first visit paints in the fonts' metric-matched stand-ins and fetches the web fonts after
// that paint; once the browser has them, later pages use them from their first frame
// (components/chrome/first-screen.tsx).
test('the web fonts load after the first paint of a first visit, and from the start after that', async ({
  page,
}) => {
  const fontTiming = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      const fonts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'));
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        fonts: fonts.length,
        firstFetch: Math.min(...fonts.map((font) => font.startTime)),
        heading: document.fonts.check('500 32px cormorantGaramond'),
      };
    });

  await page.goto('/about/');
  await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
  const first = await fontTiming();
  expect(first.fonts).toBeGreaterThan(0);
  expect(first.firstFetch).toBeGreaterThanOrEqual(first.paint);
  expect(first.heading).toBe(true);

  await page.goto('/presets/');
  const later = await fontTiming();
  expect(later.fonts).toBeGreaterThan(0);
  expect(later.firstFetch).toBeLessThan(later.paint);
});

// The main picture has the connection to itself until it is on screen; the pictures near it that
// load lazily start after that (components/chrome/first-screen.tsx), and then load.
test('lazy pictures start loading once the main picture is painted', async ({ page }) => {
  await page.goto('/weddings/Wed1/');
  await expect(page.locator('html')).not.toHaveAttribute('data-painting');
  const lazy = page.locator('img[loading="lazy"]').first();
  await expect(lazy).toBeVisible();
  await expect.poll(() => lazy.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  const timing = await page.evaluate(async () => {
    const painted = await new Promise<number>((resolve) =>
      new PerformanceObserver((list) => {
        const entry = list.getEntries()[0] as PerformanceEntry & { renderTime: number };
        resolve(entry.renderTime);
      }).observe({ type: 'element', buffered: true }),
    );
    const main = document.querySelector<HTMLImageElement>('img[elementtiming]')!.currentSrc;
    const others = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/media/galleries/') && entry.name !== main);
    return {
      painted,
      others: others.length,
      firstFetch: Math.min(...others.map((e) => e.startTime)),
    };
  });
  expect(timing.others).toBeGreaterThan(2);
  expect(timing.firstFetch).toBeGreaterThanOrEqual(timing.painted);
});
