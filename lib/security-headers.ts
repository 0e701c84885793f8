import { createHash } from 'node:crypto';
import { cmsConnectOrigins, cmsSettings } from '@/lib/cms/config';
import { site } from '@/lib/content';
import { TURNSTILE_SCRIPT } from '@/lib/browser/enquiry/turnstile';
import { settings } from '@/lib/settings';

const origin = (url: string) => new URL(url).origin;
const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const analytics = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];
const youtube = 'https://www.youtube-nocookie.com';

/**
 * The hashes of a page's inline scripts, as CSP sources ('sha256-…'): every <script> without a
 * src whose type runs (JSON-LD is data, which CSP does not govern). A static export has no server
 * to hand out nonces, so each page's policy lists the hashes of exactly its own scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/**
 * The Content-Security-Policy of a page: the site itself plus exactly the outside parties it uses
 * (PayPal, Formspree, the scheduler, the YouTube player, analytics) and the order service; inline
 * scripts only by the hashes given (inlineScriptHashes), never 'unsafe-inline'. Inline styles stay
 * allowed: images carry their preview's colours in a style attribute.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  apiBaseUrl = settings.apiBaseUrl,
  turnstile = !!settings.turnstileSiteKey,
): string {
  const scheduler = [origin(site.schedulingWidgetScript), origin(settings.schedulingUrl)];
  const challenges = turnstile ? [origin(TURNSTILE_SCRIPT)] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...scriptHashes,
      ...paypal,
      analytics[0]!,
      scheduler[0]!,
      ...challenges,
    ],
    'style-src': ["'self'", "'unsafe-inline'", scheduler[0]!],
    // data: as PayPal's CSP advice for its SDK has it (developer.paypal.com/sdk/js/best-practices);
    // blob: for the try-on, which reads a chosen photo's size from an <img> of it before decoding.
    'img-src': ["'self'", 'data:', 'blob:', ...paypal, ...analytics],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", origin(apiBaseUrl), 'https://formspree.io', ...paypal, ...analytics],
    'frame-src': [...paypal, youtube, ...new Set(scheduler), ...challenges],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return policy(directives);
}

/** A Content-Security-Policy header value from its directives, each source once. */
function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * The policy of the editor at /admin/ (Decap CMS, scripts/cms/build.ts): its own script, the Git
 * host's API, the order service's /health and, on a staff member's machine, decap-server; none of
 * the site's outside parties.
 * Decap validates its configuration with ajv, which compiles its checks with `new Function`, so
 * this one page allows 'unsafe-eval'; it styles itself with inline styles and shows uploads as
 * blob: and data: pictures; pictures from any https address may appear in what staff write or in
 * their Git host's avatars.
 */
export function adminSecurityPolicy(
  apiBaseUrl = settings.apiBaseUrl,
  connect = [
    ...cmsConnectOrigins(cmsSettings(process.env, settings.siteUrl)),
    // The status line above the editor asks the order service which prices it charges.
    origin(apiBaseUrl),
  ],
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    // Decap reads a picture being uploaded back from its blob: address to commit it.
    'connect-src': ["'self'", 'blob:', ...connect],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return policy(directives);
}

const immutable = 'public, max-age=31536000, immutable';

/** A page of the export: its address and the hashes of its inline scripts. */
export type PageScripts = { path: string; hashes: string[] };

/** One rule of the headers: a path, and whether it is a file (a script, a picture) or a page. */
type HeaderRule = { path: string; headers: [string, string][]; file?: true };

/**
 * Cloudflare Pages' limits on `_headers` (developers.cloudflare.com/pages/configuration/headers/,
 * "Limits"): a longer line is ignored, with only a warning in the build's log.
 */
export const HEADERS_FILE_LIMITS = { rules: 100, lineLength: 2000 } as const;

/** Pages, the editor and the data the service and the editor ask for: asked again each time. */
const revalidate: [string, string] = ['Cache-Control', 'public, max-age=0, must-revalidate'];

/**
 * Headers by path. Netlify and Cloudflare Pages apply every rule that matches an address, and a
 * header two rules set is sent with both values joined (Netlify's parser ignores Cloudflare's
 * `!` lines that would detach one), so no address matches two rules that set one header: `/*`
 * holds only what every address gets, and each other rule what is its own (Cache-Control among
 * them). Each page's rule carries its own policy, with the hashes of its own inline scripts. No
 * rule gives every address a policy: one listing every page's hashes runs past Cloudflare's 2,000
 * characters a line (HEADERS_FILE_LIMITS), and one listing fewer would be enforced beside each
 * page's own. The 404 page, served at any unknown address, carries its policy in its own HTML
 * (notFoundPolicyMeta). Netlify matches paths in any letter case, so pages whose addresses differ
 * only in case (an old address kept beside the new) each carry one policy allowing both pages'
 * scripts: where both rules match, the two values are the same policy.
 */
export function headerRules(pages: readonly PageScripts[], apiBaseUrl?: string): HeaderRule[] {
  // Pages whose addresses differ only in letter case allow each other's scripts: a host that
  // matches rules in any case (Netlify) sends both rules' policies, identical, at either address.
  const hashesOf = new Map<string, string[]>();
  for (const page of pages) {
    const key = page.path.toLowerCase();
    hashesOf.set(key, [...new Set([...(hashesOf.get(key) ?? []), ...page.hashes])]);
  }
  return [
    {
      path: '/*',
      headers: [
        ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
        ['X-Content-Type-Options', 'nosniff'],
        ['X-Frame-Options', 'DENY'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), browsing-topics=()'],
        // PayPal's checkout window talks back to the page that opened it.
        ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
      ],
    },
    // Scripts and pictures, named by their content: cached for a year.
    ...['/_next/static/*', '/media/*'].map((path) => ({
      path,
      headers: [['Cache-Control', immutable]] as [string, string][],
      file: true as const,
    })),
    // The shop's catalogue, which the order service asks for every minute, what the build was
    // made from, which the editor asks for, and the booking pages' stylesheet (not named by its
    // content): revalidated each time (an ETag answers 304).
    ...['/catalog.json', '/version.json', '/booking.css'].map((path) => ({
      path,
      headers: [revalidate],
      file: true as const,
    })),
    ...pages.map((page) => ({
      path: page.path,
      headers: [
        [
          'Content-Security-Policy',
          contentSecurityPolicy(hashesOf.get(page.path.toLowerCase())!, apiBaseUrl),
        ],
        revalidate,
      ] as [string, string][],
    })),
    // The editor: its own policy, and kept out of search engines.
    {
      path: '/admin/*',
      headers: [
        ['Content-Security-Policy', adminSecurityPolicy(apiBaseUrl)],
        ['X-Robots-Tag', 'noindex, nofollow'],
        revalidate,
      ],
    },
  ];
}

/**
 * The 404 page's policy as a <meta> element, for the top of its <head>: a host answers any unknown
 * address with that page, and no header rule can name every such address. A policy in a <meta>
 * cannot say frame-ancestors (the browser ignores it, with an error); X-Frame-Options, sent at
 * every address, keeps the page out of frames instead.
 */
export function notFoundPolicyMeta(scriptHashes: readonly string[], apiBaseUrl?: string): string {
  const value = contentSecurityPolicy(scriptHashes, apiBaseUrl)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors '))
    .join('; ');
  return `<meta http-equiv="Content-Security-Policy" content="${value}"/>`;
}

/** The `_headers` file of Netlify and Cloudflare Pages (headerRules says why no path matches two values). */
export function headersFile(pages: readonly PageScripts[], apiBaseUrl?: string): string {
  return headerRules(pages, apiBaseUrl)
    .map(({ path, headers }) =>
      [path, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

/**
 * The same headers for nginx, inside the server block that serves out/. nginx drops the
 * server-level headers in a location that adds its own, so each location repeats them: the assets
 * the two that apply to files, the editor and each page all of them with their own policy.
 */
export function nginxSnippet(pages: readonly PageScripts[], apiBaseUrl?: string): string {
  const [everywhere, ...rest] = headerRules(pages, apiBaseUrl);
  // nginx replaces, never joins: an address no location names (robots.txt) revalidates too.
  const site = { ...everywhere!, headers: [...everywhere!.headers, revalidate] };
  const kept = site.headers.filter(([name]) =>
    ['Strict-Transport-Security', 'X-Content-Type-Options'].includes(name),
  );
  const add = (headers: [string, string][], indent = '') =>
    headers.map(([name, value]) => `${indent}add_header ${name} "${value}" always;`).join('\n');
  const replace = (headers: [string, string][], by: [string, string][]) => [
    ...headers.filter(([name]) => !by.some(([other]) => other === name)),
    ...by,
  ];
  const locations = rest.map(({ path, headers, file }) => {
    // Files keep only the headers that apply to files; a folder (/admin/*) or a page
    // (`location =`) adds its policy to the page headers.
    const own = file ? [...kept, ...headers] : replace(site.headers, headers);
    // nginx answers /about/ by an internal redirect to /about/index.html, and sends the headers
    // of the location that redirect lands in: the page's block is named by its file.
    const where = path.endsWith('*')
      ? path.replace('*', '')
      : `= ${path.endsWith('/') ? `${path}index.html` : path}`;
    return `location ${where} {\n${add(own, '  ')}\n}`;
  });
  return [add(site.headers), ...locations].join('\n');
}
