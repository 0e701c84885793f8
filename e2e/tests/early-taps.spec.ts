import { galleries, presets } from '@/lib/content';
import { presetPath } from '@/lib/routes';
import { expect, test, type Page } from '../fixtures';

/**
 * A slow phone (CPU 4x slower, as Lighthouse's mobile settings) opening a page whose scripts are
 * still on their way: they are held back until the test calls `scriptsArrive()`, so that what it
 * does first happens before React has hydrated the page, however fast the machine.
 */
async function openOnSlowPhone(page: Page, path: string) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let scriptsArrive!: () => void;
  const arrived = new Promise<void>((resolve) => (scriptsArrive = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return scriptsArrive;
}

const hydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

/**
 * On a slow phone, a tap on the first shop tile before hydration opens its quick view, and its
 * close button closes it; then the scripts arrive.
 */
async function quickViewBeforeHydration(page: Page) {
  const scriptsArrive = await openOnSlowPhone(page, '/presets/');
  const preset = presets[0]!;
  await page.getByRole('button', { name: new RegExp(`^${preset.name}`) }).tap();
  const card = page.getByRole('dialog', { name: preset.name });
  await expect(card).toBeVisible();
  expect(await hydrated(page)).toBe(false);
  await card.getByRole('button', { name: 'Close quick view' }).tap();
  await expect(card).toBeHidden();
  scriptsArrive();
  return { preset, card };
}

test.describe('a tap before React has hydrated the page', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone');

  test('on Add to Cart is shown pressed, then adds the pack once', async ({ page, cart }) => {
    // A phone four times slower hydrating a pack page takes its time on a busy 2-core machine:
    // the test waits for hydration itself, not for a guess of how long it takes.
    test.slow();
    const preset = presets[0]!;
    const scriptsArrive = await openOnSlowPhone(page, presetPath(preset));
    const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
    await add.tap();
    const early = await add.evaluate((button) => ({
      hydrated: document.documentElement.hasAttribute('data-hydrated'),
      pressed: button.hasAttribute('data-early-tap') && button.getAttribute('aria-busy'),
    }));
    expect(early).toEqual({ hydrated: false, pressed: 'true' });
    await add.tap();
    scriptsArrive();

    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await expect(cart.panel).toBeVisible();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.lines).toContainText(preset.name);
    await expect(add).not.toHaveAttribute('aria-busy');
    expect(await cart.stored()).toEqual([
      expect.objectContaining({ id: preset.name, quantity: 1 }),
    ]);
  });

  test('on Menu opens the menu at once, and on For Photographers its group', async ({
    page,
    chrome,
  }) => {
    const scriptsArrive = await openOnSlowPhone(page, '/');
    await chrome.menuButton.tap();
    await expect(chrome.menuPopover).toBeVisible();
    await chrome.photographersButton.tap();
    await expect(chrome.navLink('Education')).toBeVisible();
    expect(await hydrated(page)).toBe(false);
    // React takes over the open menu as it is.
    scriptsArrive();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    await expect(chrome.menu).toBeVisible();
    await expect(chrome.photographersGroup).toHaveJSProperty('open', true);
    await chrome.closeMenuButton.tap();
    await expect(chrome.menuPopover).toBeHidden();
  });

  test('on a shop tile opens its quick view at once', async ({ page }) => {
    await quickViewBeforeHydration(page);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  });
});

// The price in the visitor's money fills its line once the page's script runs: in India, the UK
// and the US alike, nothing above Add to Cart moves, so a tap aimed at it as first drawn lands.
for (const locale of ['en-IN', 'en-GB', 'en-US']) {
  test.describe(`Add to Cart holds still in ${locale}`, () => {
    test.skip(({ isMobile }) => !isMobile, 'a phone');
    test.use({ locale });

    test('from first paint to hydrated, with the price in the visitor’s money filled in', async ({
      page,
    }) => {
      test.slow();
      const scriptsArrive = await openOnSlowPhone(page, presetPath(presets[0]!));
      const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
      const terms = page.getByRole('main').locator('section[aria-labelledby="sale-terms"]');
      await add.waitFor();
      // How far down each is drawn: a tap aimed there lands while it stays (the web fonts, switched
      // on after hydration, may change a width by a few pixels, never a line).
      const top = async () => [(await add.boundingBox())!.y, (await terms.boundingBox())!.y];
      const drawn = await top();
      scriptsArrive();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
      if (locale !== 'en-US')
        await expect(page.getByText(/^about .+\. Charged in USD\.$/)).toBeVisible();
      expect(await top()).toEqual(drawn);
    });
  });
}

test.describe('a tap before hydration, in a browser without Invoker Commands or closedby', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone');

  // As WebKit 2.50 and Safari before 26: `command`, `commandfor` and `closedby` do nothing.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      delete (HTMLButtonElement.prototype as Partial<HTMLButtonElement>).command;
      delete (HTMLButtonElement.prototype as Partial<HTMLButtonElement>).commandForElement;
      delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).closedBy;
      window.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest?.('button[commandfor]')) event.preventDefault();
        },
        true,
      );
    });
  });

  test('on a shop tile opens its quick view, whose close button works', async ({ page }) => {
    const { preset, card } = await quickViewBeforeHydration(page);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    // After hydration React's handlers do the same.
    await page.getByRole('button', { name: new RegExp(`^${preset.name}`) }).tap();
    await expect(card).toBeVisible();
    await page.mouse.click(5, 5); // the backdrop
    await expect(card).toBeHidden();
  });

  test('on a gallery photo opens the viewer; a tap on the backdrop closes it', async ({ page }) => {
    const gallery = galleries[0]!;
    await openOnSlowPhone(page, `/${gallery.collection}/${gallery.slug}/`);
    await page.getByRole('button', { name: `Open photo 2: ${gallery.images[1]!.alt}` }).tap();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    expect(await hydrated(page)).toBe(false);
    await page.mouse.click(5, 5);
    await expect(viewer).toBeHidden();
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  // The browser refuses the page's scripts (and reports them as failed requests).
  test.beforeEach(({ problems }) => problems.allow(/\/_next\/static\/.+\.js/));

  test('the phone menu opens and closes', async ({ page, chrome, isMobile }) => {
    test.skip(!isMobile, 'the menu button exists below 900 px');
    await page.goto('/');
    await chrome.menuButton.click();
    await expect(chrome.navLink('About')).toBeVisible();
    await chrome.closeMenuButton.click();
    await expect(chrome.navLink('About')).toBeHidden();
    await chrome.menuButton.click();
    await page.keyboard.press('Escape');
    await expect(chrome.menuPopover).toBeHidden();
  });

  test('the For Photographers group opens and closes', async ({ page, chrome, isMobile }) => {
    await page.goto('/');
    if (isMobile) await chrome.menuButton.click();
    await chrome.photographersButton.click();
    await expect(chrome.navLink('Education')).toBeVisible();
    await chrome.photographersButton.click();
    await expect(chrome.navLink('Education')).toBeHidden();
  });

  test('a quick view opens and closes', async ({ page }) => {
    await page.goto('/presets/');
    const preset = presets[1]!;
    const card = page.getByRole('dialog', { name: preset.name });
    await page.getByRole('button', { name: new RegExp(`^${preset.name}`) }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Close quick view' }).click();
    await expect(card).toBeHidden();
    await page.getByRole('button', { name: new RegExp(`^${preset.name}`) }).click();
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
  });

  test('a photo opens large and closes', async ({ page }) => {
    const gallery = galleries[0]!;
    await page.goto(`/${gallery.collection}/${gallery.slug}/`);
    await page.getByRole('button', { name: `Open photo 2: ${gallery.images[1]!.alt}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', gallery.images[1]!.alt);
    await expect(viewer.getByRole('img')).toHaveJSProperty('complete', true);
    await expect(viewer).toContainText(`(2 of ${gallery.images.length})`);
    await viewer.getByRole('button', { name: 'Close photo viewer' }).click();
    await expect(viewer).toBeHidden();
  });
});
