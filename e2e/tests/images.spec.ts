import { allRoutes } from '@/lib/routes';
import { chromiumPath, QUIET_FLAGS } from '../../scripts/chromium';
import { expect, test } from '../fixtures';
import { layoutSample } from '../fixtures/routes';

// What a browser fetches late is the browser's own policy: the headless shell the suite runs
// elsewhere fetches every lazy picture of a gallery at once (18 of 18 where Chromium fetches 14),
// so these tests run in the full Chromium where it is installed.
if (chromiumPath) test.use({ launchOptions: { executablePath: chromiumPath, args: QUIET_FLAGS } });

const pagesWithImages = allRoutes().filter(
  (route) => !['preset-redirect', 'private'].includes(route.kind),
);

const atDesktop = new Set(layoutSample(pagesWithImages).map((route) => route.path));

test.describe('images', () => {
  for (const route of pagesWithImages) {
    test(`${route.path}: every image is responsive, sized and lazy below the fold`, async ({
      page,
      isMobile,
    }) => {
      test.skip(!isMobile && !atDesktop.has(route.path), 'its template is checked at desktop once');
      await page.goto(route.path);
      const images = await page.locator('main img').evaluateAll((elements) =>
        elements.map((img) => {
          const image = img as HTMLImageElement;
          const sources = [...(image.closest('picture')?.querySelectorAll('source') ?? [])];
          const source = sources[0];
          return {
            src: image.currentSrc || image.src,
            width: image.getAttribute('width'),
            height: image.getAttribute('height'),
            alt: image.getAttribute('alt'),
            // The <picture>'s sources (AVIF first), then the <img>'s own srcset (WebP), if any.
            formats: [
              ...sources.map(({ type, srcset }) => ({ type, srcset })),
              ...(image.srcset ? [{ type: 'image/webp', srcset: image.srcset }] : []),
            ],
            sizes: source?.getAttribute('sizes') ?? image.getAttribute('sizes'),
            loading: image.getAttribute('loading'),
            fetchpriority: image.getAttribute('fetchpriority'),
            top: image.getBoundingClientRect().top + window.scrollY,
          };
        }),
      );
      const fold = page.viewportSize()!.height;
      for (const image of images) {
        expect(image.width, image.src).toMatch(/^\d+$/);
        expect(image.height, image.src).toMatch(/^\d+$/);
        expect(image.alt, image.src).not.toBeNull();
        const types = image.formats.map((format) => format.type);
        expect(types[0], image.src).toBe('image/avif');
        expect(types, image.src).toContain('image/webp');
        for (const { type, srcset } of image.formats) {
          const widths = srcset.split(', ').map((candidate) => candidate.split(' '));
          expect(widths.length, image.src).toBeGreaterThan(0);
          for (const [url, width] of widths) {
            expect(url, image.src).toMatch(new RegExp(`\\.${type.split('/')[1]}$`));
            expect(width, image.src).toMatch(/^\d+w$/);
          }
        }
        expect(image.sizes, image.src).toBeTruthy();
        if (image.top > fold * 1.5) expect(image.loading, image.src).toBe('lazy');
      }
      const eager = images.filter((image) => image.loading === 'eager');
      expect(eager.length).toBeLessThanOrEqual(1);
      for (const image of eager) expect(image.fetchpriority).toBe('high');

      // The largest thing on the first screen, when it is a photo, is not left to lazy loading
      // (which waits for layout before it even asks for the file).
      const largest = await page.evaluate(
        () =>
          new Promise<{ tag: string; loading: string | null; src: string } | null>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntries().at(-1) as LargestContentfulPaint | undefined;
              const element = entry?.element as HTMLImageElement | null | undefined;
              resolve(
                element
                  ? {
                      tag: element.tagName,
                      loading: element.getAttribute('loading'),
                      src: element.currentSrc,
                    }
                  : null,
              );
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      // ... and it is the AVIF, which Chromium reads.
      if (largest?.tag === 'IMG') {
        expect(largest.loading, largest.src).not.toBe('lazy');
        expect(largest.src).toMatch(/\.avif$/);
      }
    });
  }

  test('the first screen of a gallery loads its largest image at once and the rest later', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') requested.push(request.url());
    });
    await page.goto('/weddings/Wed1/');
    await page.waitForLoadState('networkidle');
    const photos = page.getByRole('list', { name: /^Photographs/ }).locator('img');
    await expect(photos.first()).toHaveAttribute('loading', 'eager');
    await expect(photos.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(photos).toHaveCount(18);
    const galleryRequests = requested.filter((url) => url.includes('/media/galleries/wed1/'));
    expect(galleryRequests.length).toBeLessThan(18);
    await photos.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        photos.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  });
});
