// "First tap answered": what a shopper on a phone feels in the first seconds of a first visit. In
// a fresh browser context (empty cache and storage), with Lighthouse's mobile throttling applied
// for real (request latency, bandwidth, CPU slowed 4x through the DevTools protocol), the page is
// opened, a control is tapped once as soon as it is painted (scrolled to if below the fold), and
// the time its response shows is read in the page. A tap whose response never shows is lost.
import type { Browser, Page } from 'puppeteer-core';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import { presets } from '@/lib/content';
import { HYDRATED } from '@/lib/browser/first-paint';
import { presetPath } from '@/lib/routes';
import { median, seconds } from './site';

/** A control to tap and the sign that it answered, both read inside the page. */
export type TapScenario = {
  label: string;
  path: string;
  /** Finds the control on the page. */
  control: () => Element | null | undefined;
  /** True once the control's response is on screen. */
  answered: () => boolean;
  /** Budget: milliseconds from navigation start to the response. */
  budgetMs: number;
  /**
   * The browser languages it is tapped in (default en-US): a language naming a region the shop
   * has a rate for fills in the price in the visitor's money, which must move nothing.
   */
  locales?: string[];
};

export const tapScenarios: TapScenario[] = [
  {
    label: 'Menu on /',
    path: '/',
    control: () => document.querySelector('header button[popovertarget]'),
    // Answered once the menu panel is on screen: the first frame of its slide in from the right
    // edge. (Its close button, at the panel's far side, comes into view only 80 % of the way
    // through the 0.3 s slide: that is the animation's length, not the page's answer.)
    answered: () => {
      const panel = document.querySelector('header [popover]:popover-open');
      return !!panel && panel.getBoundingClientRect().left < innerWidth - 1;
    },
    budgetMs: 1000,
  },
  {
    label: 'Quick view on /presets/',
    path: '/presets/',
    control: () => document.querySelector('main button[aria-haspopup="dialog"]'),
    answered: () => !!document.querySelector('dialog:modal'),
    budgetMs: 1000,
  },
  {
    label: `Add to Cart on ${presetPath(presets[0]!)}`,
    path: presetPath(presets[0]!),
    control: () =>
      [...document.querySelectorAll('main button')].find(
        (button) => button.textContent?.trim() === 'Add to Cart',
      ),
    // Answered once the cart is open with the pack in it, not at the panel alone.
    answered: () => !!document.querySelector('dialog:modal [aria-label="Items in your cart"] li'),
    // Pressed at once (early taps) and answered at hydration: the figure decided, not to get worse.
    budgetMs: 2600,
    locales: ['en-US', 'en-IN', 'en-GB', 'de-DE'],
  },
];

/** Layout shift a run may see before its tap is answered: none worth a tap. */
export const SHIFT_BUDGET = 0.01;

/** Lighthouse's mobile throttling (slow 4G, 4x CPU) as DevTools applies it. */
const { mobileSlow4G } = throttling;

export type TapResult = {
  tappedMs: number;
  answeredMs: number | null;
  hydratedMs: number | null;
  /**
   * The layout shift the page made by itself (no input in the 500 ms before it), until read: a
   * second after the answer, hydration and the web fonts' switch, whichever comes last. (With a
   * dialog open, the cart say, the fonts switch only once it closes: then read once they are in.)
   */
  shift: number;
};

/** One scenario's runs, in one language, on one site. */
type TapSamples = { scenario: TapScenario; locale: string; samples: TapResult[] };

/**
 * What runs in the page, from its first moment: it waits for the first contentful paint and the
 * control on screen, asks for the tap (`benchTap`, a DevTools binding), then watches for the
 * answer. Everything is read in the page with animation frames, so that the measuring adds no
 * more than a few lines of script to the throttled main thread.
 */
const inPage = (scenario: TapScenario) => `(() => {
  const control = ${scenario.control.toString()};
  const answered = ${scenario.answered.toString()};
  const seen = (window.bench = { shift: 0 });
  addEventListener('pointerdown', (event) => (seen.tapAt ??= event.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root.hasAttribute('${HYDRATED}')) seen.hydratedAt ??= performance.now();
    if (root.hasAttribute('data-fonts')) seen.fontsAt ??= performance.now();
  }).observe(document, {
    attributes: true,
    subtree: true,
    attributeFilter: ['${HYDRATED}', 'data-fonts'],
  });
  document.fonts.addEventListener('loadingdone', () => {
    const webFonts = [...document.fonts].filter((face) => !face.family.includes(' fallback'));
    if (document.fonts.status === 'loaded' && webFonts.some((face) => face.status === 'loaded'))
      seen.fontsAt ??= performance.now();
  });
  const watch = () => {
    if (answered()) seen.answeredAt = performance.now();
    else requestAnimationFrame(watch);
  };
  const find = () => {
    const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
    const element = painted ? control() : null;
    const box = element?.checkVisibility() && element.getBoundingClientRect();
    if (!box || box.width < 1) return requestAnimationFrame(find);
    // Below the first screen: scrolled to, as a visitor would, and tapped once it is there.
    if (box.top < 0 || box.bottom > innerHeight) {
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      return requestAnimationFrame(find);
    }
    benchTap(JSON.stringify({ x: box.left + box.width / 2, y: box.top + box.height / 2 }));
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(find);
})()`;

/** Opens the page throttled, in `locale`, and taps the control once as soon as it is painted. */
async function tapOnce(browser: Browser, origin: string, scenario: TapScenario, locale: string) {
  const context = await browser.createBrowserContext();
  const page: Page = await context.newPage();
  try {
    const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
    await page.setViewport({ width, height, deviceScaleFactor, isMobile: true, hasTouch: true });
    const session = await page.createCDPSession();
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: mobileSlow4G.requestLatencyMs,
      downloadThroughput: (mobileSlow4G.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (mobileSlow4G.uploadThroughputKbps * 1024) / 8,
    });
    await session.send('Emulation.setCPUThrottlingRate', {
      rate: mobileSlow4G.cpuSlowdownMultiplier,
    });
    // The browser's language, as navigator.language and Accept-Language say it.
    await session.send('Emulation.setUserAgentOverride', {
      userAgent: await browser.userAgent(),
      acceptLanguage: locale,
    });
    await session.send('Emulation.setLocaleOverride', { locale });
    let tap: (point: string) => void = () => {};
    const tapped = new Promise<void>((resolve) => {
      tap = (point) => {
        const { x, y } = JSON.parse(point) as { x: number; y: number };
        resolve(page.touchscreen.tap(x, y));
      };
    });
    await page.exposeFunction('benchTap', tap);
    await page.evaluateOnNewDocument(inPage(scenario));
    await page.goto(`${origin}${scenario.path}`, { timeout: 60_000 });
    await tapped;
    const read = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              bench: {
                tapAt: number;
                answeredAt?: number;
                hydratedAt?: number;
                fontsAt?: number;
                shift: number;
              };
            }
          ).bench,
      );
    const deadline = Date.now() + 15_000;
    let seen = await read();
    // The web fonts come in last (lib/inline/first-screen.ts), seconds after the tap on a
    // throttled phone: a shift their switch makes is the page's too, so the reading waits for them.
    while ((!seen.answeredAt || !seen.hydratedAt || !seen.fontsAt) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await read();
    }
    // A shift made as the page hydrates is reported a frame or more later: given a second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    seen = await read();
    return {
      tappedMs: seen.tapAt,
      answeredMs: seen.answeredAt ?? null,
      hydratedMs: seen.hydratedAt ?? null,
      shift: seen.shift,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every scenario `runs` times on each site (one origin, or several to compare side by side), the
 * sites taking turns run by run so that the machine's moods fall on each alike; each run a first
 * visit. The samples per site, in the order of `origins`.
 */
export async function measureTaps(browser: Browser, origins: string[], runs: number) {
  const results = origins.map(() => [] as TapSamples[]);
  for (const scenario of tapScenarios) {
    for (const locale of scenario.locales ?? ['en-US']) {
      const samples = origins.map(() => [] as TapResult[]);
      for (let run = 0; run < runs; run += 1) {
        for (const [site, origin] of origins.entries()) {
          samples[site]!.push(await tapOnce(browser, origin, scenario, locale));
        }
      }
      samples.forEach((each, site) => results[site]!.push({ scenario, locale, samples: each }));
      console.error(`measured taps: ${scenario.label} (${locale})`);
    }
  }
  return results;
}

/** Each scenario's medians and lost taps. */
export function summarizeTaps(results: TapSamples[]) {
  return results.map(({ scenario, locale, samples }) => {
    const answered = samples.flatMap((sample) => (sample.answeredMs === null ? [] : [sample]));
    return {
      ...scenario,
      label: scenario.locales ? `${scenario.label}, ${locale}` : scenario.label,
      shift: median(samples.map((sample) => sample.shift)),
      lost: samples.length - answered.length,
      tappedMs: median(samples.map((sample) => sample.tappedMs)),
      answeredMs: answered.length ? median(answered.map((sample) => sample.answeredMs!)) : null,
      hydratedMs: median(samples.map((sample) => sample.hydratedMs ?? Number.NaN)),
    };
  });
}

/** The table the benchmark prints (and writes into docs/performance.md). */
export function tapTable(rows: ReturnType<typeof summarizeTaps>, runs: number) {
  return [
    '| first tap, applied throttling | tapped | answered | budget | after the tap | hydrated | layout shift | taps lost |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${[
          row.label,
          seconds(row.tappedMs),
          row.answeredMs === null ? 'never' : seconds(row.answeredMs),
          `≤ ${seconds(row.budgetMs)}`,
          row.answeredMs === null ? '–' : seconds(row.answeredMs - row.tappedMs),
          seconds(row.hydratedMs),
          row.shift.toFixed(3),
          `${row.lost} of ${runs}`,
        ].join(' | ')} |`,
    ),
  ].join('\n');
}
