import { filmsOf, productsOf, presets, site, terms } from '@/lib/content';
import { allRoutes, isIndexable, presetPath, productPath } from '@/lib/routes';
import { expect, test } from '../fixtures';

const siteUrl = site.url;

test.describe('search engines', () => {
  test('the sitemap lists every indexable route and nothing else', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(
      allRoutes()
        .filter(isIndexable)
        .map((route) => `${siteUrl}${route.path}`)
        .sort(),
    );
    expect(xml).not.toContain('/checkout/');
    expect(xml).not.toContain('-preset/');
  });

  test('robots.txt lets crawlers read the noindex of the checkout and points at the sitemap', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).not.toContain('Disallow');
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    for (const path of ['/checkout/', '/thank-you/', '/review/', '/does-not-exist/']) {
      const html = await (await request.get(path)).text();
      expect(html.match(/<meta name="robots"[^>]*>/g), path).toEqual([
        expect.stringMatching(/content="noindex/),
      ]);
    }
  });

  test('every indexable page has its own title, description and canonical address', async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const route of allRoutes().filter(isIndexable)) {
      const html = await (await request.get(route.path)).text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, route.path).toBeTruthy();
      expect(titles.has(title!), `${route.path} repeats the title "${title}"`).toBe(false);
      titles.add(title!);
      expect(html, route.path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, route.path).toContain(`<link rel="canonical" href="${siteUrl}${route.path}"/>`);
      expect(html, route.path).toMatch(/<meta property="og:title"/);
      expect(html, route.path).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    }
  });

  test('structured data: the studio everywhere, products, films and breadcrumbs', async ({
    page,
  }) => {
    const jsonLd = () =>
      page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '')));

    const stoic = presets[0]!;
    await page.goto(presetPath(stoic));
    const onPreset = await jsonLd();
    expect(onPreset).toContainEqual(
      expect.objectContaining({
        '@type': 'ProfessionalService',
        name: site.name,
        telephone: site.phone,
        email: site.email,
      }),
    );
    expect(onPreset).toContainEqual(
      expect.objectContaining({
        '@type': 'Product',
        name: stoic.name,
        offers: expect.objectContaining({
          price: (stoic.priceCents / 100).toFixed(2),
          priceCurrency: 'USD',
        }),
      }),
    );
    expect(
      onPreset.find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement,
    ).toHaveLength(3);

    // The return policy in the markup is the refund promise the page shows at its buy button.
    for (const path of [presetPath(stoic), productPath(productsOf('bundle')[0]!)]) {
      await page.goto(path);
      const shown = await page
        .getByRole('region', { name: terms.atButton.heading })
        .getByRole('definition')
        .nth(3)
        .textContent();
      const days = Number(/(\d+) days/.exec(shown ?? '')?.[1]);
      const data = await jsonLd();
      const product = data.find((each) => each['@type'] === 'Product');
      const studio = data.find((each) => each['@type'] === 'ProfessionalService');
      const visiblePrice = await page
        .getByText(/^\$\d+\.\d\d USD/)
        .first()
        .textContent();
      expect(visiblePrice, path).toContain(`$${product.offers.price} USD`);
      for (const policy of [
        product.offers.hasMerchantReturnPolicy,
        studio.hasMerchantReturnPolicy,
      ]) {
        expect(policy, path).toMatchObject({
          '@type': 'MerchantReturnPolicy',
          merchantReturnDays: days,
          refundType: 'https://schema.org/FullRefund',
          returnFees: 'https://schema.org/FreeReturn',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        });
        expect(policy.applicableCountry, path).toContain(site.location.country);
      }
    }

    await page.goto('/services/cinematicFilms/');
    const videos = (await jsonLd()).filter((data) => data['@type'] === 'VideoObject');
    expect(videos.map((video) => video.name)).toEqual(
      filmsOf('cinematic').map((film) => film.title),
    );
    expect(videos[0].thumbnailUrl).toMatch(/^https?:\/\/.+\.jpg$/);
  });

  test('social cards carry a photo of the page', async ({ request }) => {
    const html = await (await request.get(presetPath(presets[1]!))).text();
    expect(html).toMatch(
      /<meta property="og:image" content="[^"]+\/media\/presets\/regal-tones\/cover\.[^"]+\.jpg"/,
    );
  });
});
