import { about, education, filmsOf, galleries, home, loveNotes, site } from '@/lib/content';
import { schedulerStub } from '../stubs/scheduler';
import { expect, test, type Page } from '../fixtures';

const scheduler = site.schedulingWidgetScript;

/**
 * Stops the installed fake clock ten seconds from now: from then on only runFor moves the strip.
 * (The clock otherwise runs on with real time, so the strip may already have moved: the tests
 * below count from wherever it stands. A second's margin was too little on a loaded machine,
 * where reading the time and pausing took longer, and pausing in the past throws.)
 */
const holdClock = async (page: Page) =>
  page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);

test.describe('home', () => {
  test('opens on the muted, looping hero film with the studio title and taglines', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
    for (const line of site.taglines) await expect(page.getByText(line)).toBeVisible();
    const video = page.locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    await expect(video).toHaveAttribute('playsinline', '');
    expect(await video.innerHTML()).toContain('Your browser does not support the video tag.');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  });

  test('the promo block leads to the love notes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: home.promo.link.label }).click();
    await expect(page).toHaveURL('/lovenotes/');
    await expect(
      page.getByRole('listitem').filter({ has: page.locator('blockquote') }),
    ).toHaveCount(loveNotes.length);
  });

  test('the gallery strip advances every 2 seconds and loops back to the start', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await holdClock(page);
    const strip = page.getByRole('list', { name: home.strip.heading });
    const start = Number(await strip.getAttribute('data-active-index'));
    const count = home.strip.images.length;
    for (let step = 1; step <= count; step += 1) {
      await page.clock.runFor(site.constants.galleryRotationMs);
      await expect(strip).toHaveAttribute('data-active-index', String((start + step) % count));
    }
  });

  test('the strip holds still while pointed at, and on request', async ({ page, isMobile }) => {
    test.skip(isMobile, 'no hover on a phone');
    await page.clock.install();
    await page.goto('/');
    await holdClock(page);
    const strip = page.getByRole('list', { name: home.strip.heading });
    await strip.hover();
    const pointedAt = (await strip.getAttribute('data-active-index'))!;
    await page.clock.runFor(site.constants.galleryRotationMs * 3);
    await expect(strip).toHaveAttribute('data-active-index', pointedAt);
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    const paused = (await strip.getAttribute('data-active-index'))!;
    await page.clock.runFor(site.constants.galleryRotationMs * 3);
    await expect(strip).toHaveAttribute('data-active-index', paused);
  });

  test('nothing moves for a visitor who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const strip = page.getByRole('list', { name: home.strip.heading });
    await page.clock.runFor(site.constants.galleryRotationMs * 3);
    await expect(strip).toHaveAttribute('data-active-index', '0');
    await expect(page.locator('video')).toHaveJSProperty('paused', true);
  });

  test('closes with a 300 px parallax banner that books an appointment', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('main section').filter({ hasText: home.banner.heading });
    expect((await banner.boundingBox())?.height).toBe(site.constants.parallaxBannerHeightPx);
    await banner.getByRole('link', { name: home.banner.link.label }).click();
    await expect(page).toHaveURL('/book/');
  });
});

test('about: a banner leads to the collection, then the story and three images', async ({
  page,
}) => {
  await page.goto('/about/');
  await expect(page.locator('main img')).toHaveCount(1 + about.images.length);
  await page.getByRole('link', { name: 'View the Collection' }).click();
  await expect(page).toHaveURL('/services/');
});

test.describe('services', () => {
  test('the overview offers six services and Others, then a parallax band', async ({ page }) => {
    await page.goto('/services/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    const tiles = page.getByRole('list', { name: 'Services' }).getByRole('link');
    await expect(tiles).toHaveText([
      'Weddings',
      'Pre & Post Weddings',
      'Event Coverage',
      'Fashion Shoots',
      'Ad Films',
      'Cinematic Films',
      'Others',
    ]);
    await tiles.filter({ hasText: 'Others' }).click();
    await expect(page).toHaveURL('/services/others/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Other Services');
    const others = page.getByRole('list', { name: 'Other Services' }).getByRole('listitem');
    await expect(others).toHaveText([
      /Engagements/,
      /Family\/Couple Portraits/,
      /Feature Films/,
      /Online Promotions/,
      /Corporate Shoots/,
      /New Born Shot/,
    ]);
    await expect(page.getByRole('list', { name: 'Other Services' }).getByRole('link')).toHaveCount(
      0,
    );
  });

  for (const [slug, heading, links] of [
    [
      'weddings',
      'Our Wedding Projects',
      ['/Weddings/wed1', '/Weddings/wed2', '/services/cinematicFilms/'],
    ],
    [
      'pre-post-weddings',
      'Pre & Post Wedding Shoots',
      [1, 2, 3, 4].map((n) => `/preweddings/pre-wedding-shoot-${n}/`),
    ],
    ['event-coverage', 'Event Coverage', [1, 2, 3].map((n) => `/events/event${n}/`)],
    ['fashion-shoots', 'Fashion Shoots', [1, 2, 3].map((n) => `/fashion/fashion-shoot-${n}/`)],
  ] as const) {
    test(`${slug} shows its project cards with their links`, async ({ page }) => {
      await page.goto(`/services/${slug}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const cards = page.getByRole('list', { name: heading }).getByRole('link');
      const hrefs = await cards.evaluateAll((anchors) =>
        anchors.map((a) => a.getAttribute('href')),
      );
      expect(hrefs.map((href) => href?.replace(/\/$/, ''))).toEqual(
        links.map((link) => link.replace(/\/$/, '')),
      );
    });
  }

  test('a wedding card with the old capitalised link still reaches its gallery', async ({
    page,
    problems,
  }) => {
    problems.allow(/404/);
    await page.goto('/services/weddings/');
    await page.getByRole('link', { name: 'Aarav & Meera' }).click();
    await expect(page).toHaveURL('/weddings/Wed1/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aarav & Meera');
  });

  for (const [slug, heading, collection] of [
    ['ad-films', 'Our Advertisement Films', 'ad'],
    ['cinematicFilms', 'Cinematics', 'cinematic'],
  ] as const) {
    test(`${slug} lists every film by title`, async ({ page }) => {
      await page.goto(`/services/${slug}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        filmsOf(collection).map((film) => film.title),
      );
    });
  }

  test('a film loads nothing from YouTube until its play button is pressed', async ({ page }) => {
    const youtube: string[] = [];
    await page.route(/youtube/, (route) => {
      youtube.push(route.request().url());
      return route.fulfill({
        contentType: 'text/html',
        body: '<title>player</title><p>Stub player</p>',
      });
    });
    await page.goto('/services/ad-films/');
    await page.waitForLoadState('networkidle');
    expect(youtube).toEqual([]);
    const film = filmsOf('ad')[2]!;
    // Pressed from the keyboard: the player takes the focus, not the page's body.
    await page.getByRole('button', { name: `Play the film ${film.title}` }).focus();
    await page.keyboard.press('Enter');
    const player = page.locator(`iframe[title="${film.title}"]`);
    await expect(player).toBeFocused();
    await expect(player).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${film.youtubeId}?autoplay=1&rel=0`,
    );
    await expect(
      page.frameLocator(`iframe[title="${film.title}"]`).getByText('Stub player'),
    ).toBeVisible();
    expect(youtube).toHaveLength(1);
  });
});

test.describe('galleries', () => {
  test('tiles take the gallery’s sizes in order; tiles beyond a short list get none', async ({
    page,
  }) => {
    const gallery = galleries.find((g) => g.sizes.length < g.images.length)!;
    await page.goto(`/${gallery.collection}/${gallery.slug}/`);
    const sizes = await page
      .getByRole('list', { name: `Photographs: ${gallery.title}` })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-size')));
    expect(sizes).toEqual(gallery.images.map((_, i) => gallery.sizes[i] ?? null));
  });

  test('a photo opens large; arrows move through the gallery; Escape closes and focus returns', async ({
    page,
  }) => {
    const gallery = galleries[0]!;
    await page.goto(`/${gallery.collection}/${gallery.slug}/`);
    const third = page.getByRole('button', { name: `Open photo 3: ${gallery.images[2]!.alt}` });
    await third.click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', gallery.images[2]!.alt);
    // The whole photo and its caption are on screen, and the browser has picked the AVIF.
    await expect(viewer.getByRole('img')).toBeInViewport({ ratio: 1 });
    await expect(viewer.locator('figcaption')).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\.avif$/);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', gallery.images[3]!.alt);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', gallery.images[1]!.alt);
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect(viewer).toContainText(`(3 of ${gallery.images.length})`);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(third).toBeFocused();
  });

  test('wedding and pre-wedding galleries play their soundtrack on request only', async ({
    page,
  }) => {
    // The file is not fetched before the page is running: not beside the first picture and the
    // scripts on a phone's connection. Its length shows once it is.
    await page.goto('/preweddings/pre-wedding-shoot-1/');
    const player = page.getByRole('group', { name: /Soundtrack/ });
    const audio = page.locator('audio');
    await expect(player).toContainText(/0:00 \/ 0:[1-5]\d/);
    const fetched = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      // The page's own scripts: those its HTML asks for (or preloads), before DOMContentLoaded.
      const startup = entries.filter(
        (entry) =>
          new URL(entry.name).pathname.endsWith('.js') &&
          entry.startTime < navigation!.domContentLoadedEventStart,
      );
      return {
        scriptsIn: Math.max(...startup.map((entry) => entry.responseEnd)),
        starts: entries
          .filter((entry) => /\.(mp3|m4a|ogg)$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      };
    });
    expect(fetched.starts.length).toBeGreaterThan(0);
    for (const start of fetched.starts) expect(start).toBeGreaterThan(fetched.scriptsIn);
    await expect(audio).toHaveJSProperty('paused', true);
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration))
      .toBeGreaterThan(20);
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0.5);
    const seek = player.getByRole('slider', { name: 'Seek' });
    await seek.fill('20');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThanOrEqual(20);
    await expect(player).toContainText(/0:2\d \/ 0:3\d/);
    const fill = await page
      .getByTestId('audio-progress')
      .evaluate((el) => parseFloat((el as HTMLElement).style.width));
    expect(fill).toBeGreaterThan(55);
    await player.getByRole('button', { name: 'Mute' }).click();
    await expect(audio).toHaveJSProperty('volume', 0);
    await player.getByRole('button', { name: 'Unmute' }).click();
    await expect(audio).toHaveJSProperty('volume', 1);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect(audio).toHaveJSProperty('paused', true);
  });

  test('fashion and event galleries have no soundtrack', async ({ page }) => {
    await page.goto('/events/event1/');
    await expect(page.locator('audio')).toHaveCount(0);
  });
});

test('education: the coaching call, the mentorship coming soon and the preset teaser', async ({
  page,
}) => {
  await page.goto('/education/');
  const call = page.getByRole('article').filter({ hasText: '1:1 Coaching Call' });
  for (const text of ['$350.00 USD', '1.5 hours', 'Video call', '60-90 minutes'])
    await expect(call).toContainText(text);
  const mentorship = page.getByRole('article').filter({ hasText: 'Live Mentorship' });
  for (const text of [
    'Coming soon',
    '$1500.00 USD',
    '2-hour coaching session',
    '1-hour photoshoot',
    'Vancouver area',
  ]) {
    await expect(mentorship).toContainText(text);
  }
  await page.getByRole('link', { name: education.shop.link.label }).click();
  await expect(page).toHaveURL('/presets/');
});

test.describe('book', () => {
  test('the scheduler script is requested on /book only, and the widget fills 700 px', async ({
    page,
  }) => {
    const requests: string[] = [];
    await page.route(scheduler, (route) => {
      requests.push(route.request().url());
      return route.fulfill(schedulerStub);
    });
    await page.goto('/');
    await page.goto('/contact/');
    expect(requests).toEqual([]);
    await page.goto('/book/');
    await expect(
      page.frameLocator('iframe[title="Scheduling"]').getByText('Pick a time for'),
    ).toBeVisible();
    expect(requests).toHaveLength(1);
    const widget = page.locator('.calendly-inline-widget');
    await expect(widget).toHaveAttribute('data-url', site.schedulingUrl);
    expect((await widget.boundingBox())?.height).toBe(site.constants.schedulingWidgetHeightPx);
    expect((await widget.boundingBox())?.width).toBeGreaterThanOrEqual(
      site.constants.schedulingWidgetMinWidthPx,
    );
    await expect(page.getByText('Open the scheduling page')).toHaveCount(0);
  });

  test('a blocked scheduler leaves a plain link to the scheduling page', async ({
    page,
    problems,
  }) => {
    problems.allow(/calendly|ERR_FAILED|Failed to load resource/);
    await page.route(scheduler, (route) => route.abort());
    await page.goto('/book/');
    const link = page.getByRole('link', { name: 'Open the scheduling page' });
    await expect(link).toHaveAttribute('href', site.schedulingUrl);
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The empty widget box gives way to the link.
    await expect(page.locator('.calendly-inline-widget')).toHaveCSS('height', '0px');
  });

  test('a scheduler that never draws leaves the link after a few seconds', async ({ page }) => {
    await page.clock.install();
    await page.route(scheduler, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: '' }),
    );
    await page.goto('/book/');
    await expect(page.getByRole('link', { name: 'Open the scheduling page' })).toHaveCount(0);
    await page.clock.runFor(site.constants.schedulingFallbackAfterMs);
    await expect(page.getByRole('link', { name: 'Open the scheduling page' })).toBeVisible();
  });
});

test('thank-you: the purchase confirmation', async ({ page }) => {
  await page.goto('/thank-you/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Purchase!');
  await expect(
    page.getByText(
      'Your payment was successful, and a confirmation email with download links has been sent to you.',
    ),
  ).toBeVisible();
});
