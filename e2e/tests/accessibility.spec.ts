import path from 'node:path';
import sharp from 'sharp';
import { galleries, presets, terms } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import { allRoutes, galleryPath, presetPath } from '@/lib/routes';
import { violations } from '../fixtures/axe';
import { layoutSample } from '../fixtures/routes';
import { expect, test } from '../fixtures';
import { fillDetails } from '../fixtures/details';
import { stubPayPal } from '../stubs/paypal';

const routes = allRoutes().filter((route) => route.kind !== 'preset-redirect');
const atDesktop = new Set(layoutSample(routes).map((route) => route.path));

test.describe('accessibility: no axe violation', () => {
  for (const { path } of routes) {
    test(`on ${path}`, async ({ page, isMobile }) => {
      test.skip(!isMobile && !atDesktop.has(path), 'its template is checked at desktop once');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test('with the cart open', async ({ page, cart }) => {
    await page.goto(presetPath(presets[0]!));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cart.panel).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('with the quick view open', async ({ page }) => {
    await page.goto('/presets/');
    await page.getByRole('button', { name: new RegExp(`^${presets[1]!.name}`) }).click();
    await expect(page.getByRole('dialog', { name: presets[1]!.name })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('with a photo in the try-on', async ({ page }) => {
    const pack = presets[0]!;
    await page.goto(presetPath(pack));
    await page
      .getByLabel('Choose a photo')
      .setInputFiles(path.join('out', mediaImage(pack.comparisons[0]!.before.src).fallback));
    await expect(page.getByRole('img', { name: `Your photo with the ${pack.name}` })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('with the phone menu open', async ({ page, chrome }) => {
    test.skip(!test.info().project.use.isMobile, 'the menu button exists below 900 px');
    await page.goto('/');
    await chrome.menuButton.click();
    await expect(chrome.menu).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('on both steps of the checkout', async ({ page }) => {
    await stubPayPal(page);
    await page.goto(presetPath(presets[0]!));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/checkout/');
    await expect(page.getByLabel('Full name')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await fillDetails(page, {
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '+1 604 555 0199',
      address: '12 Marigold Lane',
    });
    await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test('a photo reached with Tab shows its focus ring, inside the tile that clips it', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the keyboard: desktop');
  await page.goto(galleryPath(galleries[0]!));
  const photo = page.getByRole('main').getByRole('listitem').first().getByRole('button');
  await photo.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(photo).toBeFocused();
  // The ring is the focus colour (#ffd27a) a few pixels in from the tile's edge, all round.
  const shot = await page.getByRole('main').getByRole('listitem').first().screenshot();
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const ring = (pixels: number[][]) =>
    pixels.some(([r, g, b]) => r! > 230 && g! > 190 && g! < 230 && b! > 100 && b! < 150);
  const band = (point: (offset: number) => [number, number]) =>
    ring([3, 4, 5, 6, 7].map((offset) => at(...point(offset))));
  const { width, height } = info;
  expect([
    band((o) => [width / 2, o]),
    band((o) => [width / 2, height - 1 - o]),
    band((o) => [o, height / 2]),
    band((o) => [width - 1 - o, height / 2]),
  ]).toEqual([true, true, true, true]);
});

test('the app guide is one region, named once, on a pack page and on the terms', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the page’s structure, not its layout: desktop');
  for (const path of [presetPath(presets[0]!), '/terms/']) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: terms.appGuide.heading })).toHaveCount(1);
  }
});
