// What a buyer reads before paying: the terms at the button, the app guide, bundles at their own
// price, and an approximate price in their money (issue: "A storefront buyers trust").
import {
  content,
  productsOf,
  checkoutCopy,
  presets,
  rates,
  shopCopy,
  site,
  terms,
} from '@/lib/content';
import { approximatePrice } from '@/lib/browser/approx-price';
import { fillIn } from '@/lib/shared/copy';
import { productPath, presetPath } from '@/lib/routes';
import { pageReviews } from '@/lib/reviews';
import { expect, test } from '../fixtures';
import { fillDetails } from '../fixtures/details';
import { emailsAbout } from '../stubs/outbox';
import { paypalOrder, stubPayPal } from '../stubs/paypal';

const price = (cents: number) => `$${(cents / 100).toFixed(2)} ${site.currency}`;
const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const weddings = productsOf('bundle').find((b) => b.slug === 'weddings-bundle')!;
const portrait = productsOf('bundle').find((b) => b.slug === 'portrait-bundle')!;
const saving = (bundle: typeof weddings) =>
  bundle.packs.reduce((sum, p) => sum + p.priceCents, 0) - bundle.priceCents;

test.describe('the terms at the button', () => {
  // A bundle delivers its packs' presets: the buy box counts them all, in the packs' words.
  const weddingsCount = presets
    .filter((p) => weddings.packs.some((pack) => pack.slug === p.slug))
    .reduce((sum, p) => sum + p.presetCount, 0);
  const { words: packWords } = content.presets;
  for (const [path, count] of [
    [presetPath(stoic), stoic.presetCount],
    [productPath(weddings), weddingsCount],
  ] as const) {
    test(`${path} shows Add to Cart and every term within its first screen`, async ({ page }) => {
      // The phone: 390 × 844 CSS pixels; the desktop project's own 1440 × 900.
      if (test.info().project.name === 'phone') {
        await page.setViewportSize({ width: 390, height: 844 });
      }
      await page.goto(path);
      const box = page.getByRole('region', { name: terms.atButton.heading });
      const words = terms.atButton;
      await expect(box).toContainText(fillIn(packWords.files, { count }));
      await expect(box).toContainText(packWords.apps);
      await expect(box).toContainText(fillIn(words.delivery, { days: 7, downloads: 5 }));
      await expect(box).toContainText(fillIn(words.refund, { days: terms.refundDays }));
      for (const item of [...terms.licence.may, ...terms.licence.mayNot]) {
        await expect(box.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
      }
      await expect(page.getByRole('main')).toContainText(words.payment);
      const height = page.viewportSize()!.height;
      const bottom = async (locator: ReturnType<typeof page.locator>) => {
        const rect = (await locator.boundingBox())!;
        return rect.y + rect.height;
      };
      const addToCart = page.getByRole('button', { name: 'Add to Cart' });
      expect(await bottom(addToCart)).toBeLessThanOrEqual(height);
      expect(await bottom(box.getByRole('listitem').last())).toBeLessThanOrEqual(height);
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the app guide opens each app’s steps, one at a time', async ({ page, problems }) => {
      // The browser refuses the page's scripts (and reports them as failed requests).
      problems.allow(/\/_next\/static\/.+\.js/);
      test.skip(test.info().project.name === 'phone', 'a layout-free check: desktop');
      await page.goto(presetPath(stoic));
      const guide = page.getByRole('region', { name: terms.appGuide.heading });
      const free = terms.appGuide.apps.find((app) => /free/.test(app.name))!;
      const classic = terms.appGuide.apps[0]!;
      await guide.getByText(classic.name, { exact: true }).click();
      await expect(guide.getByText(classic.steps[1]!)).toBeVisible();
      await guide.getByText(free.name, { exact: true }).click();
      await expect(guide.getByText(free.steps[0]!)).toBeVisible();
      await expect(guide.getByText(classic.steps[1]!)).toBeHidden();
    });
  });

  test('/terms/ is linked from the footer, a pack page, the cart and the checkout', async ({
    page,
    cart,
  }) => {
    test.skip(test.info().project.name === 'phone', 'links, not layout: desktop');
    const onTerms = async () => {
      await expect(page).toHaveURL('/terms/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(terms.heading);
      await expect(page.getByRole('main')).toContainText(
        `${terms.refundDays} days of your purchase`,
      );
    };
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: words().termsLink }).click();
    await onTerms();
    await page.goto(presetPath(stoic));
    await page
      .getByRole('region', { name: terms.atButton.heading })
      .getByRole('link', { name: words().termsLink })
      .click();
    await onTerms();
    await page.goto(presetPath(stoic));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cart.panel.getByRole('link', { name: words().termsLink }).click();
    await onTerms();
    await expect(cart.panel).toBeHidden();
    await page.goto('/checkout/');
    const order = page.getByRole('complementary', { name: checkoutCopy.summaryHeading });
    await expect(order).toContainText(stoic.name);
    await expect(order.getByTestId('checkout-total')).toHaveText(price(stoic.priceCents));
    await expect(order).toContainText(terms.atButton.payment);
    await order.getByRole('link', { name: words().termsLink }).click();
    await onTerms();
  });
});

const words = () => terms.atButton;

test.describe('a price in the visitor’s money', () => {
  test.describe('in India', () => {
    test.use({ locale: 'en-IN' });
    test('about ₹… beside the price, the charge still in dollars', async ({ page, cart }) => {
      await page.goto(presetPath(stoic));
      const approx = fillIn(terms.atButton.approximately, {
        price: approximatePrice(stoic.priceCents, site.currency, 'en-IN', rates.rates)!,
      });
      expect(approx).toMatch(/^about ₹\d/);
      const charged = fillIn(terms.atButton.chargedIn, { currency: site.currency });
      await expect(page.getByText(`${approx}. ${charged}`, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cart.panel.getByText(`${approx}. ${charged}`, { exact: true })).toBeVisible();
      // An empty cart approximates nothing (not "about ₹1").
      await cart.panel.getByRole('button', { name: `Remove ${stoic.name}` }).click();
      await expect(cart.panel.getByText(/^about /)).toHaveCount(0);
    });
  });

  test.describe('in the United States', () => {
    test.use({ locale: 'en-US' });
    test('nothing more than the price', async ({ page }) => {
      await page.goto(presetPath(stoic));
      await expect(page.getByRole('main')).toContainText(price(stoic.priceCents));
      await expect(page.getByText(/^about /)).toHaveCount(0);
      await expect(page.getByText(/^Charged in/)).toHaveCount(0);
    });
  });
});

test.describe('bundles that save', () => {
  test('the shop tile and the page show the bundle’s price and what it saves', async ({ page }) => {
    const save = fillIn(shopCopy.cart.save, { amount: price(saving(weddings)) });
    await page.goto('/presets/');
    await expect(page.getByRole('link', { name: new RegExp(`^${weddings.name}`) })).toContainText(
      `${price(weddings.priceCents)} · ${save}`,
    );
    await page.goto(productPath(weddings));
    await expect(page.getByRole('main')).toContainText(price(weddings.priceCents));
    await expect(page.getByRole('main')).toContainText(save);
    await expect(page.getByRole('region', { name: terms.atButton.heading })).toBeVisible();
  });

  test('each pack is paid for once: a bundle takes its packs out (with Undo), a pack it holds is not added, a cheaper bundle is offered', async ({
    page,
    cart,
  }) => {
    test.skip(test.info().project.name === 'phone', 'the cart’s rules, not layout: desktop');
    await page.goto(presetPath(stoic));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cart.close();
    await page.goto(productPath(weddings));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const takenOut = fillIn(shopCopy.cart.takenOut, { bundle: weddings.name, names: stoic.name });
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.lines.first()).toContainText(weddings.name);
    await expect(cart.subtotal).toHaveText(price(weddings.priceCents));
    await expect(cart.panel.getByRole('note')).toHaveText(`${takenOut} ${shopCopy.cart.undo}`);

    // Undo gives back the cart as it was.
    await cart.panel.getByRole('button', { name: shopCopy.cart.undo }).click();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.lines.first()).toContainText(stoic.name);
    await expect(cart.subtotal).toHaveText(price(stoic.priceCents));

    // With the bundle in the cart, its pack on its own is not added, and that is said.
    await cart.close();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cart.close();
    await page.goto(presetPath(stoic));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cart.lines).toHaveCount(1);
    const inBundle = fillIn(shopCopy.cart.inBundle, { name: stoic.name, bundle: weddings.name });
    await expect(page.getByRole('status').filter({ hasText: inBundle })).toHaveCount(1);

    // A second bundle that shares a pack with the first is not added, and that is said.
    await cart.close();
    await page.goto(productPath(portrait));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cart.lines).toHaveCount(1);
    const shared = portrait.packs.filter((pack) =>
      weddings.packs.some((other) => other.slug === pack.slug),
    );
    const shares = fillIn(shopCopy.cart.shares, {
      bundle: portrait.name,
      names: shared.map((pack) => pack.name).join(', '),
      other: weddings.name,
    });
    const note = cart.panel.getByRole('note').filter({ hasText: shares });
    await expect(note).toHaveCount(1);

    // Bundle & Save All Presets holds every pack of those two for less: one tap to it.
    const all = productsOf('bundle').find((b) => b.slug === 'bundle-save-all-presets')!;
    await note
      .getByRole('button', { name: fillIn(shopCopy.cart.takeCheaper, { bundle: all.name }) })
      .click();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.subtotal).toHaveText(price(all.priceCents));
    await expect(cart.panel.getByRole('note')).toHaveCount(0);
  });

  test('a bundle is charged at its price and delivers every pack’s link', async ({
    page,
    cart,
    request,
  }) => {
    test.skip(test.info().project.name === 'phone', 'the service, not layout: desktop');
    const paypal = await stubPayPal(page);
    const email = `bundle-${test.info().project.name}@example.com`;
    await page.goto(productPath(portrait));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cart.checkoutButton.click();
    await fillDetails(page, {
      name: 'Ishaan Rao',
      email: email,
      phone: '+91 98200 00000',
      address: '4 Marine Drive, Mumbai',
    });
    await expect(page.getByTestId('checkout-total')).toHaveText(price(portrait.priceCents));
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await expect(page).toHaveURL('/thank-you/');

    const orderId = paypal.orders[0]!.id;
    const unit = (await paypalOrder(request, orderId)).purchase_units![0]!;
    expect(unit.items!.map((item) => [item.sku, item.unit_amount.value])).toEqual([
      [portrait.slug, (portrait.priceCents / 100).toFixed(2)],
    ]);
    const members = portrait.packs;
    // The thank-you page lists the bundle by its own name and price, as the e-mail does.
    await expect(
      page.getByRole('list', { name: checkoutCopy.receipt.orderLabel }).getByRole('listitem'),
    ).toHaveText([
      `${portrait.name}${fillIn(shopCopy.cart.bundleOf, { names: members.map((pack) => pack.name).join(', ') })}${price(portrait.priceCents)}`,
    ]);
    const downloads = page.getByRole('region', { name: checkoutCopy.receipt.downloadsHeading });
    await expect(
      downloads.getByRole('link', { name: checkoutCopy.receipt.downloadLabel }),
    ).toHaveText(members.map((pack) => `${checkoutCopy.receipt.downloadLabel} ${pack.name}`));
    const [buyer] = (await emailsAbout(orderId, 2)).filter(
      (message) => message.to?.[0]?.address === email,
    );
    const links = [...buyer!.text!.matchAll(/^(.+): (http\S+\/download\/\S+)$/gm)];
    expect(links.map((link) => link[1])).toEqual(members.map((pack) => pack.name));
    for (const [, , url] of links) {
      expect((await request.get(`${url!}/file`)).status()).toBe(200);
    }
    expect(buyer!.text).toContain(
      `${terms.licence.mayNotHeading}: ${terms.licence.mayNot.join('; ')}.`,
    );
  });
});

test.describe('reviews from buyers', () => {
  // The page's own HTML, without its scripts: what a search engine reads.
  test.use({ javaScriptEnabled: false });

  test('a pack page shows its published reviews in its HTML, and its markup states the same', async ({
    page,
    problems,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'no layout here');
    problems.allow(/_next\/static\/.+\.js/);
    const { reviews, rating } = pageReviews([stoic]);
    expect(rating).not.toBeNull();
    await page.goto(presetPath(stoic));
    const section = page.getByRole('region', { name: shopCopy.reviews.heading });
    const visibleAverage = fillIn(shopCopy.reviews.average, {
      rating: rating!.average,
      count: rating!.count,
    });
    await expect(section.getByText(visibleAverage)).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(reviews.length);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(
      reviews.map((review) => review.title),
    );
    await expect(section.getByRole('img').first()).toHaveAccessibleName(
      fillIn(shopCopy.reviews.stars, { n: reviews[0]!.rating }),
    );
    await expect(section.getByText(shopCopy.reviews.verified).first()).toBeVisible();

    const product = (
      await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent!)))
    )
      .flat()
      .find((node) => node['@type'] === 'Product');
    // The markup's numbers are the page's numbers.
    expect(
      fillIn(shopCopy.reviews.average, {
        rating: product.aggregateRating.ratingValue,
        count: product.aggregateRating.reviewCount,
      }),
    ).toBe(visibleAverage);
    const visibleTitles = await section.getByRole('heading', { level: 3 }).allTextContents();
    expect(product.review.map((review: { name: string }) => review.name)).toEqual(visibleTitles);
    expect(
      product.review.map((review: { reviewRating: { ratingValue: number } }) =>
        fillIn(shopCopy.reviews.stars, { n: review.reviewRating.ratingValue }),
      ),
    ).toEqual(
      await section
        .getByRole('img')
        .evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label'))),
    );
  });
});
