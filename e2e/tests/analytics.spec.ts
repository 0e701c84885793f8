import { expect, test } from '../fixtures';

const measurementId = process.env.E2E_GA_MEASUREMENT_ID ?? 'G-E2ETEST01';

test.describe('analytics', () => {
  test('one page view per navigation, with the right path', async ({
    page,
    chrome,
    analyticsHits,
    isMobile,
  }) => {
    const pageViews = () => analyticsHits.filter((hit) => hit.event === 'page_view');
    await page.goto('/');
    await expect.poll(() => pageViews().map((hit) => hit.path)).toEqual(['/']);
    expect(pageViews()[0]!.tid).toBe(measurementId);

    if (isMobile) await chrome.menuButton.click();
    await chrome.navLink('About').click();
    await expect(page).toHaveURL('/about/');
    await expect.poll(() => pageViews().map((hit) => hit.path)).toEqual(['/', '/about/']);

    await page.getByRole('link', { name: 'View the Collection' }).click();
    await expect(page).toHaveURL('/services/');
    await expect
      .poll(() => pageViews().map((hit) => hit.path))
      .toEqual(['/', '/about/', '/services/']);

    await page.goBack();
    await expect
      .poll(() => pageViews().map((hit) => hit.path))
      .toEqual(['/', '/about/', '/services/', '/about/']);
    await page.waitForTimeout(500);
    expect(pageViews()).toHaveLength(4);
  });

  test('web vitals reach analytics, each metric once', async ({ page, analyticsHits }) => {
    const vitals = () =>
      analyticsHits.filter((hit) => ['CLS', 'FCP', 'LCP', 'TTFB', 'INP'].includes(hit.event));
    const names = () => vitals().map((hit) => hit.event);
    await page.goto('/lovenotes/');
    await expect.poll(names).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
    // An input, then hiding the page, make the library report its final values.
    await page.getByRole('heading', { level: 1 }).click();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(names).toEqual(expect.arrayContaining(['FCP', 'TTFB', 'LCP', 'CLS']));
    const ids = vitals().map((hit) => hit.params.metric_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(vitals().every((hit) => hit.params.non_interaction === 'true')).toBe(true);
  });
});
