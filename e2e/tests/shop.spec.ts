import { checkoutCopy, presets, products, site } from '@/lib/content';
import { expect, test } from '../fixtures';

const price = (cents: number) => `$${(cents / 100).toFixed(2)} ${site.currency}`;
const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const earthy = presets.find((p) => p.slug === 'earthy-tone')!;

test.describe('the presets shop', () => {
  test('each category shows its packs and bundles, and the address keeps it', async ({ page }) => {
    await page.goto('/presets/');
    const tiles = () =>
      page.getByRole('list', { name: /^Presets and bundles/ }).getByRole('listitem');
    await expect(page.getByRole('button', { name: 'ALL' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tiles()).toHaveCount(products.length);
    const expected: Record<string, string[]> = {
      WEDDINGS: ['Stoic Pack', 'Regal Tones', 'Earthy Tone', 'Weddings Pack Bundle'],
      FILM: ['Film Pack', 'Bundle & Save All Presets'],
      TRAVEL: ['Soul Tone', 'Awaken', 'Bundle & Save All Presets'],
    };
    for (const [category, names] of Object.entries(expected)) {
      await page.getByRole('button', { name: category, exact: true }).click();
      await expect(page).toHaveURL(`/presets/?category=${category}`);
      await expect(tiles()).toHaveCount(names.length);
      for (const [i, name] of names.entries()) await expect(tiles().nth(i)).toContainText(name);
    }
    await page.reload();
    await expect(page.getByRole('button', { name: 'TRAVEL' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(tiles()).toHaveCount(3);
    await page.goBack();
    await expect(page).toHaveURL('/presets/?category=FILM');
    await expect(tiles()).toHaveCount(2);
  });

  test('the quick view opens from a tile and closes three ways, focus back on the tile', async ({
    page,
  }) => {
    await page.goto('/presets/');
    const tile = page.getByRole('button', { name: /^Regal Tones/ });
    const card = page.getByRole('dialog', { name: 'Regal Tones' });
    const regal = presets.find((p) => p.name === 'Regal Tones')!;

    await tile.click();
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Regal Tones' })).toBeVisible();
    await expect(card).toContainText(price(regal.priceCents));
    await expect(card).toContainText(regal.description);
    await expect(card.getByRole('img')).toHaveAttribute('alt', regal.image.alt);
    await card.getByRole('button', { name: 'Close quick view' }).click();
    await expect(card).toBeHidden();
    await expect(tile).toBeFocused();

    await tile.press('Enter');
    await expect(card).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(tile).toBeFocused();

    await tile.click();
    await page.mouse.click(5, 5);
    await expect(card).toBeHidden();

    await tile.click();
    await card.getByRole('link', { name: 'View Full Item' }).click();
    await expect(page).toHaveURL('/full-item/regal-tones/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regal Tones');
  });
});

test.describe('a preset page', () => {
  test('moves through its photos with the arrows and the thumbnails', async ({ page }) => {
    await page.goto('/full-item/stoic-pack/');
    const photos = [stoic.image, ...stoic.gallery];
    const main = page.locator('main img').first();
    await expect(main).toHaveAttribute('alt', photos[0]!.alt);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(main).toHaveAttribute('alt', photos[1]!.alt);
    await page.getByRole('button', { name: 'Previous image' }).click();
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(main).toHaveAttribute('alt', photos[photos.length - 1]!.alt);
    await page.getByRole('button', { name: `Show image 3: ${photos[2]!.alt}` }).click();
    await expect(main).toHaveAttribute('alt', photos[2]!.alt);

    const strip = page.getByTestId('thumbnails');
    const scrollLeft = () => strip.evaluate((el) => Math.round(el.scrollLeft));
    await strip.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
    await page.getByRole('button', { name: 'Scroll thumbnails right' }).click();
    await expect.poll(scrollLeft).toBe(site.constants.thumbnailScrollStepPx);
    await page.getByRole('button', { name: 'Scroll thumbnails left' }).click();
    await expect.poll(scrollLeft).toBe(0);
  });

  test('lists what is included and the price', async ({ page }) => {
    await page.goto('/full-item/earthy-tone/');
    await expect(page.getByText(price(earthy.priceCents)).first()).toBeVisible();
    for (const item of [
      '6 colored presets + 1 B&W preset',
      'Installation video',
      'Installation PDF',
      '.XMP format',
      'Lightroom Classic CC v11+',
    ]) {
      await expect(page.getByRole('main')).toContainText(item);
    }
    await page.getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL('/presets/');
  });

  test('its six before/after sliders start at 50 and follow the keyboard and the pointer', async ({
    page,
  }) => {
    await page.goto('/full-item/film-pack/');
    const sliders = page.getByRole('slider');
    await expect(sliders).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      const slider = sliders.nth(i);
      await expect(slider).toHaveValue('50');
      await expect(slider).toHaveAttribute('min', '0');
      await expect(slider).toHaveAttribute('max', '100');
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveValue('51');
      await page.keyboard.press('Home');
      await expect(slider).toHaveValue('0');
    }
    const first = sliders.first();
    await first.scrollIntoViewIfNeeded();
    const box = (await first.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
    await expect.poll(async () => Number(await first.inputValue())).toBeGreaterThan(70);
    const reveal = await page
      .locator('figure')
      .first()
      .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--position'));
    expect(parseFloat(reveal)).toBeGreaterThan(70);
  });
});

test.describe('the cart', () => {
  test('adding twice keeps one line; removing empties it; the panel shows the rules', async ({
    page,
    cart,
  }) => {
    await page.goto('/full-item/stoic-pack/');
    await expect(cart.floatingButton).toBeHidden();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cart.panel).toBeVisible();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.subtotal).toHaveText(price(stoic.priceCents));
    await expect(cart.panel).toContainText(checkoutCopy.cartNote);
    await expect(
      page.getByRole('status').filter({ hasText: 'Stoic Pack added to your cart.' }),
    ).toBeAttached();
    await cart.close();
    await expect(cart.panel).toBeHidden();
    await expect(cart.floatingButton).toHaveAccessibleName('Open cart (1 item)');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cart.lines).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(cart.panel).toBeHidden();
    await cart.floatingButton.click();
    await expect(cart.panel).toBeVisible();
    await cart.panel.getByRole('button', { name: 'Remove Stoic Pack' }).click();
    await expect(cart.panel).toContainText('Your cart is empty.');
    await expect(cart.checkoutButton).toBeDisabled();
    await expect(cart.subtotal).toHaveText(price(0));
    await cart.close();
    await expect(cart.floatingButton).toBeHidden();
  });

  test('survives a reload and follows other tabs', async ({ page, cart, context }) => {
    await page.goto('/full-item/stoic-pack/');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/full-item/earthy-tone/');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.reload();
    await expect(cart.floatingButton).toHaveAccessibleName('Open cart (2 items)');
    await cart.floatingButton.click();
    await expect(cart.lines).toHaveText([/Stoic Pack/, /Earthy Tone/]);
    await expect(cart.subtotal).toHaveText(price(stoic.priceCents + earthy.priceCents));

    const other = await context.newPage();
    await other.goto('/about/');
    await expect(other.getByRole('button', { name: 'Open cart (2 items)' })).toBeVisible();
    await cart.panel.getByRole('button', { name: 'Remove Earthy Tone' }).click();
    await expect(other.getByRole('button', { name: 'Open cart (1 item)' })).toBeVisible();
  });

  test('a tampered price in storage is ignored: the catalog price is charged', async ({
    page,
    cart,
  }) => {
    await page.goto('/');
    await page.evaluate(() =>
      window.localStorage.setItem(
        'cartItems',
        JSON.stringify([
          { id: 'Stoic Pack', name: 'Stoic Pack', price: 0.01, image: 'x', quantity: 1 },
          { id: 'Free Pack', name: 'Free Pack', price: 0, image: 'x', quantity: 1 },
          'garbage',
        ]),
      ),
    );
    await page.reload();
    await cart.floatingButton.click();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.subtotal).toHaveText(price(stoic.priceCents));
    expect(await cart.stored()).toEqual([
      expect.objectContaining({ id: 'Stoic Pack', price: stoic.priceCents / 100, quantity: 1 }),
    ]);
  });

  test('storage that is not JSON at all gives an empty cart, not a crash', async ({
    page,
    cart,
  }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('cartItems', '{not json'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
    await expect(cart.floatingButton).toBeHidden();
  });

  test('the checkout button leads to the checkout', async ({ page, cart }) => {
    await page.goto('/full-item/awaken/');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cart.checkoutButton.click();
    await expect(page).toHaveURL('/checkout/');
    await expect(cart.panel).toBeHidden();
  });
});
