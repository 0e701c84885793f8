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
