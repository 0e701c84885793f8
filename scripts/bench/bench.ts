// `npm run bench`: on a route of every page type of the built site, Lighthouse (mobile profile,
// Debian Chromium) three times with simulated throttling (Lantern's model) and three times with the
// same throttling applied for real (`throttlingMethod: 'devtools'`: latency, bandwidth and a 4x
// slower CPU imposed on the browser), then "first tap answered" (taps.ts) three times per
// control; every run a first visit. Medians in tables (stdout and .cache/bench/results.json), and a
// non-zero exit when a budget is missed. Options: --reuse (keep the current out/ instead of
// building it with the default settings), --runs N, --only /path/ (Lighthouse on that route only),
// --write (write the tables into docs/performance.md), --no-fail (report misses, exit 0). Every
// Lighthouse report is kept in .cache/bench/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { presets } from '@/lib/content';
import { journal } from '@/lib/journal/posts';
import { packLookUrl } from '@/lib/media';
import { presetPath } from '@/lib/routes';
import { chromiumPath, QUIET_FLAGS } from '../chromium';
import { median, seconds, serveSite } from './site';
import { measureTaps, SHIFT_BUDGET, summarizeTaps, tapTable } from './taps';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const port = Number(process.env.BENCH_PORT ?? 4310);
const origin = `http://127.0.0.1:${port}`;
const out = path.resolve('out');

/** noindex: kept out of search engines on purpose, so Lighthouse's "is-crawlable" audit fails. */
type Route = { label: string; path: string; content: boolean; cart?: boolean; noindex?: boolean };
const routes: Route[] = [
  { label: 'home', path: '/', content: true },
  { label: 'shop', path: '/presets/', content: true },
  { label: 'preset', path: presetPath(presets[0]!), content: true },
  { label: 'service', path: '/services/cinematicFilms/', content: true },
  { label: 'gallery', path: '/weddings/Wed1/', content: true },
  // A journal post is held to the gallery page's figures of the same run (below).
  { label: 'journal post', path: journal()[0]!.path, content: true },
  { label: 'contact', path: '/contact/', content: true },
  { label: 'checkout', path: '/checkout/', content: false, cart: true, noindex: true },
];

const KB = 1024;
const budgets = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 200,
  /**
   * LCP with the throttling applied for real: the figures decided (docs/performance.md, "Where
   * things stand"), which must not get worse. The profile's floor is about 1.43 s.
   */
  appliedLcpMs: 1800,
  cls: 0,
  contentPageJsBytes: 150 * KB,
  homeBytesBeforeScroll: 1024 * KB,
};

type Throttling = 'simulate' | 'devtools';

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  imageBytes: number;
  mediaBytes: number;
  /** Bytes of the try-on (the pack's look, its code) that came with the page: 0 is the rule. */
  tryOnBytes: number;
  /** SEO audits that failed, by id. */
  seoFailures: string[];
};

/** The try-on's code is the script that holds its shader (components/shop/try-on-studio.tsx). */
const isTryOnScript = (url: string) => {
  const file = path.join(out, new URL(url).pathname);
  return (
    url.endsWith('.js') && existsSync(file) && readFileSync(file, 'utf8').includes('sampler3D')
  );
};
const isTryOn = (url: string) => /\/hald\.[^/]+\.png$/.test(url) || isTryOnScript(url);

/** The gzip size of the try-on's code, which loads when a visitor chooses a photo. */
function tryOnCodeBytes(): number {
  const chunks = path.join(out, '_next/static/chunks');
  return readdirSync(chunks)
    .filter((name) => isTryOnScript(`${origin}/_next/static/chunks/${name}`))
    .reduce((sum, name) => sum + gzipSync(readFileSync(path.join(chunks, name))).length, 0);
}

/**
 * The gzip size of the JavaScript a page loads at startup: what its HTML references in <script
 * src> elements (modern browsers: no noModule).
 */
function referencedJsBytes(routePath: string): number {
  const html = readFileSync(path.join(out, routePath, 'index.html'), 'utf8');
  const sources = new Set(
    [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !/\bnoModule\b/i.test(attributes))
      .map((attributes) => /\bsrc="([^"]+)"/.exec(attributes)?.[1])
      .filter((src): src is string => !!src?.startsWith('/')),
  );
  return [...sources].reduce(
    (sum, src) => sum + gzipSync(readFileSync(path.join(out, src.split('?')[0]!))).length,
    0,
  );
}

type Browser = Awaited<ReturnType<typeof puppeteer.connect>>;

/**
 * What Lighthouse clears before each run: its default list (which keeps the origin's local storage,
 * indexedDB and cookies) and those too, so that every run is a first visit, as its cold HTTP cache
 * says. Otherwise the second run reads what the first stored (the web-fonts flag: fonts in the
 * cache) while the cache itself is empty.
 */
const FIRST_VISIT = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
  'cookies',
] as const;

/** One Lighthouse run; null when Lighthouse reports that its own run failed (NO_NAVSTART…). */
async function measure(
  browser: Browser,
  route: Route,
  run: number,
  throttlingMethod: Throttling,
): Promise<Figures | null> {
  const page = await browser.newPage();
  try {
    if (route.cart) {
      // A first visit but for a cart in local storage: nothing else stored, a cold HTTP cache.
      // Set from a page that runs no script, which could store something else meanwhile.
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate(
        (names) => {
          localStorage.clear();
          localStorage.setItem(
            'cartItems',
            JSON.stringify(names.map((id) => ({ id, quantity: 1 }))),
          );
        },
        presets.slice(0, 2).map((preset) => preset.name),
      );
      const session = await page.createCDPSession();
      await session.send('Network.clearBrowserCache');
      await session.detach();
    }
    const result = await lighthouse(
      `${origin}${route.path}`,
      {
        logLevel: 'error',
        throttlingMethod,
        disableStorageReset: !!route.cart,
        clearStorageTypes: [...FIRST_VISIT],
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
    if (result.lhr.runtimeError) {
      console.warn(`${route.path}: Lighthouse failed (${result.lhr.runtimeError.code})`);
      return null;
    }
    mkdirSync('.cache/bench', { recursive: true });
    writeFileSync(
      `.cache/bench/${route.label}-${throttlingMethod}-${run}.json`,
      JSON.stringify(result.lhr),
    );
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (
        audits['network-requests']?.details as {
          items?: { url: string; resourceType?: string; transferSize?: number }[];
        }
      )?.items ?? [];
    const bytesOf = (type: string) =>
      requests
        .filter((request) => request.resourceType === type)
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      totalBytes: value('total-byte-weight'),
      jsBytes: bytesOf('Script'),
      imageBytes: bytesOf('Image'),
      mediaBytes: bytesOf('Media'),
      tryOnBytes: requests
        .filter((request) => isTryOn(request.url))
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      seoFailures: (categories.seo?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    };
  } finally {
    await page.close();
  }
}

/** A run Lighthouse failed is measured again, twice at most, rather than reported as a zero. */
async function measureAgainOnFailure(
  browser: Browser,
  route: Route,
  run: number,
  throttling: Throttling,
) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const figures = await measure(browser, route, run, throttling);
    if (figures) return figures;
  }
  throw new Error(`Lighthouse failed three times in a row on ${route.path}`);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(0)} KB`;

/** Each figure's median over the runs; the SEO failures of any run. */
function medianFigures(samples: Figures[]): Figures {
  const numbers = Object.keys(samples[0]!).filter((key) => key !== 'seoFailures') as Exclude<
    keyof Figures,
    'seoFailures'
  >[];
  return {
    ...(Object.fromEntries(
      numbers.map((key) => [key, median(samples.map((sample) => sample[key]))]),
    ) as Omit<Figures, 'seoFailures'>),
    seoFailures: [...new Set(samples.flatMap((sample) => sample.seoFailures))],
  };
}

async function main() {
  if (!args.includes('--reuse') || !existsSync(out)) {
    // The site as deployed with the default settings (no analytics id, no test endpoints).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('NEXT_PUBLIC_')),
    ) as NodeJS.ProcessEnv;
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await serveSite(port);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...QUIET_FLAGS],
  });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  type Row = Figures & Route & { referencedJs: number; applied: Figures };
  const rows: Row[] = [];
  let taps: Awaited<ReturnType<typeof measureTaps>>[number] = [];
  try {
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
    for (const route of routes.filter((candidate) => !only || candidate.path === only)) {
      const figures = async (throttling: Throttling) => {
        const samples: Figures[] = [];
        for (let run = 0; run < runs; run += 1)
          samples.push(await measureAgainOnFailure(browser, route, run, throttling));
        return medianFigures(samples);
      };
      rows.push({
        ...route,
        ...(await figures('simulate')),
        applied: await figures('devtools'),
        referencedJs: referencedJsBytes(route.path),
      });
      console.error(`measured ${route.path}`);
    }
    if (!only) taps = (await measureTaps(browser, [origin], runs))[0]!;
  } finally {
    await browser.disconnect();
    chrome.kill();
    server.kill();
  }

  const misses: string[] = [];
  for (const row of rows) {
    const miss = (what: string) => misses.push(`${row.path}: ${what}`);
    if (row.performance < budgets.performance)
      miss(`performance ${row.performance} < ${budgets.performance}`);
    if (row.accessibility < budgets.accessibility) miss(`accessibility ${row.accessibility}`);
    if (row.bestPractices < budgets.bestPractices) miss(`best practices ${row.bestPractices}`);
    const onlyNoindex = row.noindex && row.seoFailures.join() === 'is-crawlable';
    if (row.seo < budgets.seo && !onlyNoindex)
      miss(`SEO ${row.seo}: ${row.seoFailures.join(', ')}`);
    if (row.lcpMs > budgets.lcpMs) miss(`LCP ${Math.round(row.lcpMs)} ms > ${budgets.lcpMs} ms`);
    if (row.tbtMs > budgets.tbtMs) miss(`TBT ${Math.round(row.tbtMs)} ms > ${budgets.tbtMs} ms`);
    if (row.cls.toFixed(2) !== budgets.cls.toFixed(2)) miss(`CLS ${row.cls.toFixed(3)}`);
    if (row.applied.lcpMs > budgets.appliedLcpMs) {
      miss(
        `LCP, applied throttling, ${Math.round(row.applied.lcpMs)} ms > ${budgets.appliedLcpMs} ms`,
      );
    }
    if (row.content && row.referencedJs > budgets.contentPageJsBytes) {
      miss(`JavaScript referenced ${kb(row.referencedJs)} > ${kb(budgets.contentPageJsBytes)}`);
    }
    if (row.tryOnBytes > 0 || row.applied.tryOnBytes > 0)
      miss(`the try-on's look or code loaded with the page (${kb(row.tryOnBytes)})`);
    if (row.path === '/' && row.totalBytes - row.mediaBytes > budgets.homeBytesBeforeScroll) {
      miss(
        `bytes before scrolling ${kb(row.totalBytes - row.mediaBytes)} > ${kb(budgets.homeBytesBeforeScroll)}`,
      );
    }
  }
  // A journal post is as fast as a gallery page: its applied LCP (within 5 %, the runs' noise)
  // and its first-load JavaScript no worse.
  const gallery = rows.find((row) => row.label === 'gallery');
  const post = rows.find((row) => row.label === 'journal post');
  if (gallery && post) {
    if (post.applied.lcpMs > gallery.applied.lcpMs * 1.05) {
      misses.push(
        `${post.path}: LCP, applied throttling, ${Math.round(post.applied.lcpMs)} ms > the gallery's ${Math.round(gallery.applied.lcpMs)} ms`,
      );
    }
    if (post.referencedJs > gallery.referencedJs) {
      misses.push(
        `${post.path}: JavaScript referenced ${kb(post.referencedJs)} > the gallery's ${kb(gallery.referencedJs)}`,
      );
    }
  }
  const tapRows = summarizeTaps(taps);
  for (const row of tapRows) {
    const miss = (what: string) => misses.push(`${row.label}: ${what}`);
    if (row.lost) miss(`${row.lost} of ${runs} taps lost`);
    if (row.answeredMs !== null && row.answeredMs > row.budgetMs) {
      miss(`answered at ${Math.round(row.answeredMs)} ms > ${row.budgetMs} ms`);
    }
    if (row.shift > SHIFT_BUDGET) miss(`layout shift ${row.shift.toFixed(3)} > ${SHIFT_BUDGET}`);
  }

  const header = [
    'route',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP',
    'TBT',
    'LCP applied',
    'TBT applied',
    'CLS',
    'total',
    'JS (gzip)',
    'images',
    'JS in HTML',
  ];
  const table = [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map(
      (row) =>
        `| ${[
          row.path,
          row.performance,
          row.accessibility,
          row.bestPractices,
          row.noindex ? `${row.seo} (noindex)` : row.seo,
          seconds(row.lcpMs),
          `${Math.round(row.tbtMs)} ms`,
          seconds(row.applied.lcpMs),
          `${Math.round(row.applied.tbtMs)} ms`,
          row.cls.toFixed(2),
          kb(row.totalBytes) +
            (row.mediaBytes ? ` (${kb(row.totalBytes - row.mediaBytes)} without film)` : ''),
          kb(row.jsBytes),
          kb(row.imageBytes),
          kb(row.referencedJs),
        ].join(' | ')} |`,
    ),
  ].join('\n');
  const preset = rows.find((row) => row.label === 'preset');
  const tryOn = preset
    ? `The try-on on ${preset.path}: ${kb(preset.tryOnBytes)} with the page; its code ` +
      `(${kb(tryOnCodeBytes())} gzip) and the pack's look ` +
      `(${kb(statSync(path.join(out, packLookUrl(presets[0]!.slug) ?? '')).size)}) load when a ` +
      `photo is chosen.\n\n`
    : '';
  const tables =
    `Lighthouse ${runs}× per route and per throttling (mobile: simulated, then applied), ` +
    `medians; "JS in HTML" is the gzip size of every script the page loads at startup.\n\n` +
    `${table}\n\n${tryOn}` +
    (tapRows.length
      ? `A tap on a control as soon as it is painted, ${runs}× in fresh profiles, medians ` +
        `(seconds from navigation).\n\n${tapTable(tapRows, runs)}\n`
      : '');
  console.log(tables);
  console.log(misses.length ? `Budgets missed:\n- ${misses.join('\n- ')}` : 'Every budget met.');

  mkdirSync('.cache/bench', { recursive: true });
  writeFileSync(
    '.cache/bench/results.json',
    `${JSON.stringify({ date: new Date().toISOString(), runs, budgets, routes: rows, taps: tapRows, misses }, null, 2)}\n`,
  );
  if (args.includes('--write')) {
    const doc = 'docs/performance.md';
    const updated = readFileSync(doc, 'utf8').replace(
      /(<!-- bench:start -->)[\s\S]*?(<!-- bench:end -->)/,
      `$1\n\n${tables}\n${misses.length ? `Missed: ${misses.join('; ')}` : 'Every budget met.'}\n\n$2`,
    );
    writeFileSync(doc, updated);
    spawnSync('npx', ['prettier', '--write', doc], { stdio: 'ignore' });
  }
  process.exit(misses.length && !args.includes('--no-fail') ? 1 : 0);
}

await main();
