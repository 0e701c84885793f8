// Checks of the built out/ folder itself, without a browser: no secrets, no broken internal
// links or assets, every external link safe.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { publishedCatalog } from '@/lib/catalog';
import { presets } from '@/lib/content';
import { HEADERS_FILE_LIMITS, inlineScriptHashes } from '@/lib/security-headers';
import { settings } from '@/lib/settings';
import { shopCatalogSchema } from '@/lib/node/shop-catalog';
import { COMPILE_HINT, startupScripts } from '../../scripts/html/compile-hints';
import { ADMIN_DIR, sitePages } from '../../scripts/site-pages';
import { isMovedPage } from '../../scripts/html/links';
import { outDir, outFiles, readOut, secretsIn, tags } from './out-files';

const files = outFiles();
/** The site's pages; the CMS's page (admin/) is only scanned for secrets here. */
const pages = sitePages(outDir);
const textFiles = files.filter((file) =>
  /\.(html|js|css|json|txt|xml|webmanifest|map)$|_headers$/.test(file),
);
const siteOrigin = new URL(settings.siteUrl).origin;

test('the scanner finds a planted secret of every kind', () => {
  const planted = [
    '-----BEGIN RSA PRIVATE KEY-----',
    'AKIAIOSFODNN7EXAMPLE',
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
    'AIzaSyA-1234567890abcdefghijklmnopqrstu',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0',
    'smtp://mailer:hunter2@smtp.example.com',
    'PAYPAL_CLIENT_SECRET',
    'local-development-secret-do-not-use-in-production',
    'https://api.example/download/PUkdAN20eN9nqP3wpL3soQ.1795928902204.gH8t',
    'stoic-pack.zip',
  ];
  expect(planted.map((text) => secretsIn(text).length)).toEqual(planted.map(() => 1));
});

test('out/ holds no secret, no private download address and no pack', () => {
  expect(files.filter((file) => /\.(zip|env|sqlite|eml|pem|key)$/.test(file))).toEqual([]);
  const found = textFiles.flatMap((file) =>
    secretsIn(readOut(file))
      // The CMS bundle's libraries call methods named zip (lodash's, Immutable's): `x.zip=`.
      .filter((kind) => !(file.startsWith(`${ADMIN_DIR}/`) && kind === 'a pack file'))
      .map((kind) => `${file}: ${kind}`),
  );
  expect(found).toEqual([]);
});

/** The out/ file a path on the site is served from, or null. */
function served(urlPath: string): string | null {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  const candidates = clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}/index.html`];
  return candidates.find((candidate) => existsSync(path.join(outDir, candidate))) ?? null;
}

test('every internal link and asset reference resolves', () => {
  const broken: string[] = [];
  for (const page of pages) {
    const html = readOut(page);
    const base = `/${path.posix.dirname(page.split(path.sep).join('/'))}/`.replace('/./', '/');
    const references = [
      ...tags(html, 'a').map((a) => a.href),
      ...tags(html, 'link').map((link) => link.href),
      ...tags(html, 'script').map((script) => script.src),
      ...['img', 'source', 'video', 'audio'].flatMap((tag) =>
        tags(html, tag).flatMap((el) => [
          el.src,
          el.poster,
          ...(el.srcset ?? '').split(',').map((entry) => entry.trim().split(/\s+/)[0]),
        ]),
      ),
      ...tags(html, 'meta')
        .filter((meta) => ['og:image', 'twitter:image'].includes(meta.property ?? meta.name ?? ''))
        .map((meta) => meta.content),
    ].filter((ref): ref is string => !!ref);
    for (const ref of references) {
      const url = new URL(ref, `${siteOrigin}${base}`);
      if (url.origin !== siteOrigin) continue;
      if (!served(url.pathname)) broken.push(`${page}: ${ref}`);
    }
  }
  expect(broken).toEqual([]);
  // The wedding cards' old addresses (content keeps them) are real redirects where the host
  // reads _redirects, and pages that move the visitor on where it does not.
  expect(readOut('_redirects')).toContain('/Weddings/wed1 /weddings/Wed1/ 301\n');
  expect(readOut('_redirects')).toContain('/Weddings/wed2/ /weddings/Wed2/ 301\n');
  expect(readOut('Weddings/wed1/index.html')).toContain('url=/weddings/Wed1/');
});

test('every link to another site opens safely', () => {
  const unsafe = pages.flatMap((page) =>
    tags(readOut(page), 'a')
      .filter((a) => /^https?:/.test(a.href ?? '') && new URL(a.href!).origin !== siteOrigin)
      .filter((a) => !/\bnoopener\b/.test(a.rel ?? '') || !/\bnoreferrer\b/.test(a.rel ?? ''))
      .map((a) => `${page}: ${a.href}`),
  );
  expect(unsafe).toEqual([]);
});

test('every page inlines its CSS and loads its scripts from the start', () => {
  for (const page of pages) {
    const html = readOut(page);
    // An old address's page only moves the visitor on (scripts/html/links.ts).
    if (isMovedPage(html)) continue;
    const css = /<style data-precedence="next"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect.soft(css.length, page).toBeGreaterThan(1000);
    expect.soft(startupScripts(html).length, page).toBeGreaterThan(3);
  }
});

test('the scripts pages load at startup carry V8’s compile hint, once; the others do not', () => {
  const startup = new Set(pages.flatMap((page) => startupScripts(readOut(page))));
  const chunks = files.filter((file) => /^_next\/static\/chunks\/.+\.js$/.test(file));
  const hinted = chunks.filter((file) => readOut(file).startsWith(COMPILE_HINT));
  expect(hinted.sort()).toEqual([...startup].map((src) => src.slice(1)).sort());
  for (const file of hinted) expect.soft(readOut(file).indexOf(COMPILE_HINT, 1), file).toBe(-1);
  expect(chunks.length).toBeGreaterThan(hinted.length);
});

test('out/version.json names the commit built, when, and the catalogue it publishes', () => {
  const version = JSON.parse(readOut('version.json')) as Record<string, unknown>;
  // A commit of this history: the one checked out when out/ was built (HEAD, or one before it).
  expect(version.commit).toMatch(/^[0-9a-f]{40}$/);
  expect(() =>
    execFileSync('git', ['merge-base', '--is-ancestor', String(version.commit), 'HEAD']),
  ).not.toThrow();
  expect(Date.parse(String(version.builtAt))).toBeLessThanOrEqual(Date.now());
  expect(version.catalogVersion).toBe(JSON.parse(readOut('catalog.json')).version);
});

test("out/catalog.json is the shop's catalogue as content has it, in the service's schema", () => {
  const published = shopCatalogSchema.parse(JSON.parse(readOut('catalog.json')));
  expect(published).toEqual(publishedCatalog());
  expect(published.packs.map(({ slug, priceCents }) => [slug, priceCents])).toEqual(
    presets.map(({ slug, priceCents }) => [slug, priceCents]),
  );
});

/** Cloudflare Pages' rules of a `_headers` file: a splat matches anything, `:name` one segment. */
function cloudflareRules(file: string) {
  const rules: { match: RegExp; headers: [string, string][] }[] = [];
  for (const line of file.split('\n')) {
    if (line.startsWith('/')) {
      const pattern = line
        .trim()
        .split(/(\*|:[A-Za-z]\w*)/)
        .map((part) =>
          part === '*'
            ? '.*'
            : part.startsWith(':')
              ? '[^/]+'
              : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      rules.push({ match: new RegExp(`^${pattern}$`), headers: [] });
    } else if (/^\s+[^!\s][^:]*:/.test(line)) {
      const [name, ...value] = line.trim().split(':');
      rules.at(-1)!.headers.push([name!.toLowerCase(), value.join(':').trim()]);
    }
  }
  return rules;
}

test("no address of out/ gets two values of one header, by Netlify's rules or Cloudflare's", async () => {
  const { parseAllHeaders } = await import('@netlify/headers-parser');
  const file = readOut('_headers');
  // Netlify's parser drops the `!` lines Cloudflare reads: the file has none to drop.
  expect(file.split('\n').filter((line) => line.trim().startsWith('!'))).toEqual([]);
  const netlify = await parseAllHeaders({
    headersFiles: [path.join(outDir, '_headers')],
    netlifyConfigPath: path.resolve('netlify.toml'),
    configHeaders: undefined,
    minimal: false,
  });
  expect(netlify.errors.map(String)).toEqual([]);
  const cloudflare = cloudflareRules(file);
  const addresses = files.flatMap((each) => {
    const address = `/${each.split(path.sep).join('/')}`;
    return address.endsWith('/index.html')
      ? [address, address.replace(/index\.html$/, '')]
      : [address];
  });
  /** The headers set to two different values (a host joins them; the same value twice is one policy). */
  const twice = (headers: [string, string][]) => [
    ...new Set(
      headers
        .filter(([name, value]) => headers.some(([other, was]) => other === name && was !== value))
        .map(([name]) => name),
    ),
  ];
  const joined = addresses.flatMap((address) => {
    const byNetlify = twice(
      netlify.headers
        .filter((rule) => 'forRegExp' in rule && rule.forRegExp.test(address))
        .flatMap((rule) =>
          Object.entries(rule.values).map(([name, value]): [string, string] => [
            name.toLowerCase(),
            value,
          ]),
        ),
    );
    const byCloudflare = twice(
      cloudflare.filter((rule) => rule.match.test(address)).flatMap((rule) => rule.headers),
    );
    return [
      ...byNetlify.map((name) => `Netlify: ${address} ${name}`),
      ...byCloudflare.map((name) => `Cloudflare: ${address} ${name}`),
    ];
  });
  expect(joined).toEqual([]);
  // Where each kind of file is cached, with one value.
  const cacheOf = (address: string) =>
    netlify.headers.find(
      (rule) => 'forRegExp' in rule && rule.forRegExp.test(address) && rule.values['Cache-Control'],
    )?.values['Cache-Control'];
  const script = files.find((each) => each.startsWith(path.join('_next', 'static')))!;
  expect(cacheOf(`/${script.split(path.sep).join('/')}`)).toBe(
    'public, max-age=31536000, immutable',
  );
  expect(cacheOf('/about/')).toBe('public, max-age=0, must-revalidate');
  expect(cacheOf('/catalog.json')).toBe('public, max-age=0, must-revalidate');
});

test("out/_headers is within Cloudflare Pages' limits, and the 404 page carries its own policy", () => {
  const file = readOut('_headers');
  const rules = file.split('\n').filter((line) => line.startsWith('/'));
  expect(rules.length).toBeLessThanOrEqual(HEADERS_FILE_LIMITS.rules);
  const long = file.split('\n').filter((line) => line.length > HEADERS_FILE_LIMITS.lineLength);
  expect(long.map((line) => `${line.slice(0, 60)}… (${line.length} characters)`)).toEqual([]);
  // A host serves it at any unknown address, which no rule names.
  const notFound = readOut('404.html');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(notFound)?.[1];
  for (const hash of inlineScriptHashes(notFound)) expect(meta).toContain(hash);
});
