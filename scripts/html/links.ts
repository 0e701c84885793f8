// Postbuild: every link of every page goes where it says. A link to a page or file of out/
// resolves; a link that names a page in other letter case (an address the studio used, such as
// /Weddings/wed1 for /weddings/Wed1/) becomes a real redirect, in out/_redirects (Cloudflare
// Pages, Netlify) and in the nginx configuration of a deploy, with a static page at the old
// address for hosts that have neither; any other link fails the build, naming the page and the
// link. The old -preset addresses are redirects too (their pages stay, for hosts without rules).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { html } from 'hono/html';
import { allRoutes, presetPath } from '@/lib/routes';
import { presets } from '@/lib/content';
import { sitePages } from '../site-pages';

/** An internal link of a page: the page's file in out/, and the address it links to. */
export type PageLink = { page: string; href: string };

/** A redirect from an old address to the page it names now. */
export type Redirect = { from: string; to: string };

/** The internal links (`<a href="/…">`) of every page in out/, without query or fragment. */
export function siteLinks(out: string): PageLink[] {
  return sitePages(out).flatMap((page) =>
    [...readFileSync(path.join(out, page), 'utf8').matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)]
      .map(([, href = '']) => href.replace(/&amp;/g, '&').split(/[?#]/)[0]!)
      .filter((href) => href.startsWith('/') && !href.startsWith('//'))
      .map((href) => ({ page: page.split(path.sep).join('/'), href: decodeURI(href) })),
  );
}

/**
 * Sorts the links: those that resolve (to a page, or to a file of out/), those that name a page
 * in other letter case (the redirects they need), and the broken ones.
 */
export function checkLinks(out: string, links: readonly PageLink[]) {
  const files = new Set(
    readdirSync(out, { recursive: true, encoding: 'utf8' }).map((file) =>
      file.split(path.sep).join('/'),
    ),
  );
  // Each page's address (/about/), by its address in lower case.
  const pages = new Map(
    [...files]
      .filter((file) => file.endsWith('index.html'))
      .map((file) => `/${file.replace(/index\.html$/, '')}`)
      .map((address) => [address.toLowerCase(), address]),
  );
  const resolves = (href: string) => {
    const file = href.slice(1);
    if (href.endsWith('/')) return files.has(`${file}index.html`);
    return files.has(file) || files.has(`${file}/index.html`) || files.has(`${file}.html`);
  };
  const redirects = new Map<string, string>();
  const broken: PageLink[] = [];
  for (const link of links) {
    if (resolves(link.href)) continue;
    const page = pages.get(`${link.href.replace(/\/?$/, '/')}`.toLowerCase());
    if (page) redirects.set(link.href, page);
    else broken.push(link);
  }
  return { redirects: [...redirects].map(([from, to]) => ({ from, to })), broken };
}

/** The old -preset addresses, each a redirect to its pack's page. */
const legacyRedirects = (): Redirect[] =>
  allRoutes()
    .filter((route) => route.kind === 'preset-redirect')
    .map((route) => ({
      from: route.path.replace(/\/$/, ''),
      to: presetPath(presets.find((preset) => `/${preset.legacyPath}/` === route.path)!),
    }));

/** out/_redirects: each old address, with and without its trailing slash, a permanent redirect. */
export const redirectsFile = (redirects: readonly Redirect[]) =>
  [
    '# Written by the build (scripts/html/links.ts): old addresses, moved permanently.',
    ...redirects.flatMap(({ from, to }) => {
      const bare = from.replace(/\/$/, '');
      return [`${bare} ${to} 301`, `${bare}/ ${to} 301`];
    }),
    '',
  ].join('\n');

/** The redirects a built site's out/_redirects lists (for the nginx configuration of a deploy). */
export function readRedirects(site: string): Redirect[] {
  const file = path.join(site, '_redirects');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = ''] = line.split(' ');
      return { from, to };
    });
}

/** Whether a page of out/ is one of those (no React, no styles: it only moves the visitor on). */
export const isMovedPage = (html: string) => /<html lang="en" data-moved>/.test(html);

/** The page at an old address for hosts without redirect rules: a refresh, and a link. */
export const movedPage = (to: string, siteUrl: string) =>
  html`<!doctype html>
    <html lang="en" data-moved>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Moved</title>
        <link rel="canonical" href="${siteUrl + to}" />
        <meta http-equiv="refresh" content="0; url=${to}" />
      </head>
      <body>
        <p>This page has moved to <a href="${to}">${siteUrl + to}</a>.</p>
      </body>
    </html>`.toString();

/**
 * Checks every link of out/ and writes the redirects: _redirects, and the static pages of the
 * old addresses (where no file answers for them yet: on a file system that ignores case, the
 * page they name already does). Throws, naming each page and link, when a link goes nowhere.
 */
export function writeLinks(out: string, siteUrl: string) {
  const links = siteLinks(out);
  const { redirects, broken } = checkLinks(out, links);
  if (broken.length > 0) {
    throw new Error(
      `Links to no page (fix them in content/, or add the page):\n${broken
        .map(({ page, href }) => `  ${page}: ${href}`)
        .join('\n')}`,
    );
  }
  for (const { from, to } of redirects) {
    const file = path.join(out, from.replace(/\/?$/, '/index.html'));
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, movedPage(to, siteUrl));
  }
  writeFileSync(path.join(out, '_redirects'), redirectsFile([...legacyRedirects(), ...redirects]));
  return { links: links.length, redirects: redirects.length };
}
