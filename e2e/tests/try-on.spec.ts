import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Region } from 'sharp';
import { presets, shopCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { mediaImage } from '@/lib/media';
import { presetPath } from '@/lib/routes';
import { expect, test, type Page } from '../fixtures';

const pack = presets[0]!;
const pair = pack.comparisons[0]!;
/** The build's "before" sample as a visitor would have it on disk, and its "after" URL. */
const beforeUrl = mediaImage(pair.before.src).fallback;
const afterUrl = mediaImage(pair.after.src).fallback;
const beforeFile = path.join('out', beforeUrl);
const resultName = `Your photo with the ${pack.name}`;
/** The same scene's "after" sample of each other pack. */
const otherSamples = presets
  .filter((other) => other !== pack)
  .flatMap((other) => other.comparisons.filter((c) => c.before.src === pair.before.src))
  .map((comparison) => mediaImage(comparison.after.src).fallback);

/**
 * The mean difference (0-255) of two pictures, each drawn at 96 × 64 (which averages out the
 * JPEG noise of the samples): a canvas of the page by its accessible name, or an image URL.
 */
function meanDifference(page: Page, a: string, b: string) {
  return page.evaluate(
    async ({ a, b }) => {
      const small = async (source: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 96;
        canvas.height = 64;
        let image: CanvasImageSource | null = document.querySelector<HTMLCanvasElement>(
          `canvas[aria-label="${source}"]`,
        );
        if (!image) {
          const img = new Image();
          img.src = source;
          await img.decode();
          image = img;
        }
        const context = canvas.getContext('2d')!;
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, 0, 0, 96, 64);
        return context.getImageData(0, 0, 96, 64).data;
      };
      const [x, y] = [await small(a), await small(b)];
      let sum = 0;
      for (let i = 0; i < x.length; i += 4)
        for (let c = 0; c < 3; c++) sum += Math.abs(x[i + c]! - y[i + c]!);
      return sum / ((x.length / 4) * 3);
    },
    { a, b },
  );
}

/** The browser as one without WebGL2: the try-on's 2D fallback. */
function withoutWebGl2(page: Page) {
  return page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
      value(this: HTMLCanvasElement, ...args: Parameters<typeof getContext>) {
        return args[0] === 'webgl2' ? null : getContext.apply(this, args);
      },
    });
  });
}

async function choosePhoto(page: Page, file: string | { name: string; buffer: Buffer }) {
  const picker = page.getByLabel('Choose a photo');
  await picker.setInputFiles(typeof file === 'string' ? file : { ...file, mimeType: 'image/jpeg' });
}

test.describe('try a pack on your photo', () => {
  test('shows the pack on the chosen photo, on the device, as the build’s sample shows it', async ({
    page,
    analyticsHits,
  }) => {
    const requests: { url: string; method: string; body: string | null }[] = [];
    page.on('request', (request) =>
      requests.push({ url: request.url(), method: request.method(), body: request.postData() }),
    );
    await page.goto(presetPath(pack));
    await expect(page.getByRole('heading', { name: 'Try it on your photo' })).toBeVisible();
    await expect(page.getByText('approximation of the Lightroom preset')).toBeVisible();
    // Neither the look nor the try-on's code (its shaders) loads with the page.
    await page.waitForLoadState('networkidle');
    const scripts = (from: number) =>
      Promise.all(
        requests
          .slice(from)
          .filter((request) => request.url.endsWith('.js'))
          .map((request) => page.request.get(request.url).then((response) => response.text())),
      );
    expect(requests.filter((request) => /hald\./.test(request.url))).toEqual([]);
    expect((await scripts(0)).filter((code) => code.includes('sampler3D'))).toEqual([]);
    const loaded = requests.length;

    await choosePhoto(page, beforeFile);
    const result = page.getByRole('img', { name: resultName });
    await expect(result).toBeVisible();
    expect((await scripts(loaded)).filter((code) => code.includes('sampler3D'))).toHaveLength(1);
    const afterChoosing = requests.slice(loaded);
    // Its styles came inlined with the page: no stylesheet is fetched for it.
    expect(afterChoosing.filter((request) => /\.css(\?|$)/.test(request.url))).toEqual([]);

    // The look is the build's: the sample "after" of this very photo, within JPEG noise, and
    // unlike the samples of every other pack.
    const own = await meanDifference(page, resultName, afterUrl);
    expect(own).toBeLessThan(2);
    expect(await meanDifference(page, resultName, beforeUrl)).toBeGreaterThan(10);
    for (const other of otherSamples)
      expect(await meanDifference(page, resultName, other)).toBeGreaterThan(4 * own);
    expect(await meanDifference(page, resultName, afterUrl)).toBeLessThan(2);

    // Strength 0 is the photo itself; the keyboard moves it.
    const strength = page.getByRole('slider', { name: 'Strength' });
    await strength.focus();
    await page.keyboard.press('Home');
    await expect(page.getByText('0 %', { exact: true })).toBeVisible();
    expect(await meanDifference(page, resultName, beforeUrl)).toBeLessThan(1);
    await page.keyboard.press('End');
    expect(await meanDifference(page, resultName, afterUrl)).toBeLessThan(2);

    // Only the look and the try-on's code came down; nothing went up but one analytics event,
    // which names the pack and nothing else.
    await expect.poll(() => analyticsHits.filter((hit) => hit.event === 'try_on')).toHaveLength(1);
    const after = requests.slice(loaded);
    expect(
      after.filter((request) => request.body !== null && !/g\/collect/.test(request.url)),
    ).toEqual([]);
    for (const request of afterChoosing.filter((request) => !/g\/collect/.test(request.url))) {
      expect(request.method).toBe('GET');
      expect(request.url).toMatch(
        new RegExp(
          `^${new URL(page.url()).origin}/(media/presets/${pack.slug}/hald\\.|_next/static/)`,
        ),
      );
    }
    expect(analyticsHits.find((hit) => hit.event === 'try_on')!.params).toEqual({
      item_id: pack.slug,
      item_name: pack.name,
    });
  });

  test('without WebGL2 the canvas draws the same look; a 12 MP photo is scaled', async ({
    page,
  }) => {
    await withoutWebGl2(page);
    await page.goto(presetPath(pack));
    await choosePhoto(page, beforeFile);
    await expect(page.getByRole('img', { name: resultName })).toBeVisible();
    expect(await meanDifference(page, resultName, afterUrl)).toBeLessThan(2);

    const twelveMegapixels = await sharp(beforeFile).resize(4242, 2828).jpeg().toBuffer();
    await choosePhoto(page, { name: 'IMG_0042.jpg', buffer: twelveMegapixels });
    const result = page.getByRole('img', { name: resultName });
    await expect(page.getByRole('img', { name: 'IMG_0042.jpg' })).toBeAttached();
    await expect
      .poll(() => result.evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]))
      .toEqual([1280, 853]);
    expect(await meanDifference(page, resultName, afterUrl)).toBeLessThan(3);
  });

  test('downloads the photo with the look and a mark in its corner; nothing is kept', async ({
    page,
  }) => {
    await page.goto(presetPath(pack));
    await choosePhoto(page, beforeFile);
    await expect(page.getByRole('img', { name: resultName })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download it' }).click(),
    ]);
    const name = path.basename(beforeFile).replace(/\.jpg$/, '');
    expect(download.suggestedFilename()).toBe(`${name}-${pack.slug}.jpg`);
    const saved = readFileSync((await download.path())!);
    const { width, height, format } = await sharp(saved).metadata();
    const photo = await sharp(beforeFile).metadata();
    expect([format, width, height]).toEqual(['jpeg', photo.width, photo.height]);

    // The mark: the bottom-right corner differs from the look there; the rest does not.
    const pixels = async (image: Buffer | string, region: Region) =>
      sharp(image).removeAlpha().extract(region).raw().toBuffer();
    const expected = await page
      .getByRole('img', { name: resultName })
      .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
    const look = Buffer.from(expected.split(',')[1]!, 'base64');
    const difference = async (region: Region) => {
      const [a, b] = [await pixels(saved, region), await pixels(look, region)];
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
      return sum / a.length;
    };
    const corner = { left: width! - 320, top: height! - 40, width: 300, height: 30 };
    expect(await difference(corner)).toBeGreaterThan(8);
    expect(await difference({ ...corner, left: 20, top: 20 })).toBeLessThan(3);
    // Nothing of the photo is kept in the browser's storage (the cart's few bytes at most).
    expect(
      await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }).length),
    ).toBeLessThan(2000);
  });

  test('a file that is not a photo says so, and another photo can be chosen', async ({ page }) => {
    await page.goto(presetPath(pack));
    await choosePhoto(page, { name: 'notes.jpg', buffer: Buffer.from('not a photo') });
    await expect(page.getByText('This photo could not be read.')).toBeVisible();
    await choosePhoto(page, beforeFile);
    await expect(page.getByRole('img', { name: resultName })).toBeVisible();
  });

  test('a look that failed to load can be tried again, or the same photo chosen again', async ({
    page,
    problems,
  }) => {
    problems.allow(/hald|Failed to load resource/);
    let refusals = 2;
    await page.route(/\/hald\./, (route) =>
      refusals-- > 0 ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto(presetPath(pack));
    await choosePhoto(page, beforeFile);
    await expect(page.getByText(shopCopy.tryOn.failed)).toBeVisible();
    // The same file again is a new choice (the picker was reset), and fails again here.
    await choosePhoto(page, beforeFile);
    await expect(page.getByRole('button', { name: shopCopy.tryOn.retry })).toBeVisible();
    await page.getByRole('button', { name: shopCopy.tryOn.retry }).click();
    await expect(page.getByRole('img', { name: resultName })).toBeVisible();
    expect(refusals).toBe(-1);
  });

  test('says what size the download is; a huge JPEG is tried, a PNG bomb refused', async ({
    page,
  }) => {
    test.slow(); // sharp writes two 16000-pixel pictures
    await page.goto(presetPath(pack));
    const huge = sharp({
      create: { width: 16000, height: 12000, channels: 3, background: '#b08050' },
    });
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: await huge.clone().jpeg().toBuffer(),
    });
    const result = page.getByRole('img', { name: resultName });
    await expect(result).toBeVisible({ timeout: 20_000 });
    expect(
      await result.evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]),
    ).toEqual([2048, 1536]);
    await expect(page.getByText('A JPEG of 2048 × 1536 pixels')).toBeVisible();

    // 16000 × 12000 pixels in half a megabyte: a PNG decodes whole, so it is not opened.
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: await huge.clone().png({ compressionLevel: 9 }).toBuffer(),
    });
    await expect(
      page.getByText(fillIn(shopCopy.tryOn.tooLarge, { width: 16000, height: 12000 })),
    ).toBeVisible();
  });

  for (const renderer of ['webgl2', 'canvas'] as const) {
    test(`a transparent PNG is tried on white (${renderer})`, async ({ page }) => {
      if (renderer === 'canvas') await withoutWebGl2(page);
      await page.goto(presetPath(pack));
      // Left half transparent, right half white: both must come out the same.
      const png = await sharp({
        create: {
          width: 400,
          height: 200,
          channels: 4,
          background: { r: 255, g: 255, b: 255, alpha: 1 },
        },
      })
        .composite([
          {
            input: {
              create: {
                width: 200,
                height: 200,
                channels: 4,
                background: { r: 0, g: 0, b: 0, alpha: 0 },
              },
            },
            left: 0,
            top: 0,
            blend: 'source',
          },
        ])
        .png()
        .toBuffer();
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'clear.png', mimeType: 'image/png', buffer: png });
      const result = page.getByRole('img', { name: resultName });
      await expect(result).toBeVisible();
      const [left, right] = await result.evaluate((canvas: HTMLCanvasElement) => {
        const copy = document.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        const context = copy.getContext('2d')!;
        context.drawImage(canvas, 0, 0);
        const at = (x: number) => [...context.getImageData(x, 100, 1, 1).data];
        return [at(50), at(350)];
      });
      for (let c = 0; c < 3; c++) expect(Math.abs(left![c]! - right![c]!)).toBeLessThanOrEqual(1);
      expect(left![3]).toBe(255);
    });
  }

  test('a portrait photo keeps its strength control and download on screen', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'a desktop screen of 1440 × 900');
    await page.goto(presetPath(pack));
    const portrait = await sharp(beforeFile).resize(1000, 1500, { fit: 'fill' }).jpeg().toBuffer();
    await choosePhoto(page, { name: 'portrait.jpg', buffer: portrait });
    const result = page.getByRole('img', { name: resultName });
    await expect(result).toBeVisible();
    await result.evaluate((canvas) => canvas.scrollIntoView({ block: 'start' }));
    // The page scrolls smoothly, for longer on a busy machine: read again until it has arrived.
    const download = page.getByRole('button', { name: 'Download it' });
    await expect
      .poll(async () => {
        const box = await download.boundingBox();
        return box && box.y + box.height;
      })
      .toBeLessThanOrEqual(900);
  });

  test('a photo dropped on the picker is tried too', async ({ page }) => {
    await page.goto(presetPath(pack));
    const photo = readFileSync(beforeFile).toString('base64');
    const drop = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, photo);
    const picker = page.getByText(shopCopy.tryOn.drop);
    await picker.dispatchEvent('dragover', { dataTransfer: drop });
    await picker.dispatchEvent('drop', { dataTransfer: drop });
    await expect(page.getByRole('img', { name: resultName })).toBeVisible();
    expect(await meanDifference(page, resultName, afterUrl)).toBeLessThan(2);
  });

  test('the quick view leads to it', async ({ page }) => {
    await page.goto('/presets/');
    await page.getByRole('button', { name: new RegExp(`^${pack.name}`) }).click();
    await page
      .getByRole('dialog', { name: pack.name })
      .getByRole('link', { name: 'Try it on your photo' })
      .click();
    await expect(page).toHaveURL(`${presetPath(pack)}#try-on`);
    await expect(page.getByRole('heading', { name: 'Try it on your photo' })).toBeInViewport();
  });
});
