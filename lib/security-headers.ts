import { site } from '@/lib/content';
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
 * The Content-Security-Policy of every page: the site itself plus exactly the outside parties it
 * uses (PayPal, Formspree, the scheduler, the YouTube player, analytics) and the order service.
 * Inline scripts and styles stay allowed: a static export inlines Next's RSC payload scripts, and
 * images carry their preview's colours in a style attribute; nonces would need a server.
 */
export function contentSecurityPolicy(apiBaseUrl = settings.apiBaseUrl): string {
  const scheduler = [origin(site.schedulingWidgetScript), origin(settings.schedulingUrl)];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", ...paypal, analytics[0]!, scheduler[0]!],
    'style-src': ["'self'", "'unsafe-inline'", scheduler[0]!],
    // data: as PayPal's CSP advice for its SDK has it (developer.paypal.com/sdk/js/best-practices).
    'img-src': ["'self'", 'data:', ...paypal, ...analytics],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", origin(apiBaseUrl), 'https://formspree.io', ...paypal, ...analytics],
    'frame-src': [...paypal, youtube, ...new Set(scheduler)],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

const immutable = 'public, max-age=31536000, immutable';

/** Headers by path, in the order a host applies them; a later rule's header replaces an earlier one. */
export function headerRules(apiBaseUrl?: string): { path: string; headers: [string, string][] }[] {
  return [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', contentSecurityPolicy(apiBaseUrl)],
        ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
        ['X-Content-Type-Options', 'nosniff'],
        ['X-Frame-Options', 'DENY'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), browsing-topics=()'],
        // PayPal's checkout window talks back to the page that opened it.
        ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
        ['Cache-Control', 'public, max-age=0, must-revalidate'],
      ],
    },
    { path: '/_next/static/*', headers: [['Cache-Control', immutable]] },
    { path: '/media/*', headers: [['Cache-Control', immutable]] },
  ];
}

/**
 * The `_headers` file of Netlify and Cloudflare Pages. "! Cache-Control" detaches the page-wide
 * value where a later rule sets its own, as Cloudflare Pages requires.
 */
export function headersFile(apiBaseUrl?: string): string {
  const seen = new Set<string>();
  return headerRules(apiBaseUrl)
    .map(({ path, headers }) => {
      const lines = headers.map(([name, value]) => {
        const detach = seen.has(name) ? `  ! ${name}\n` : '';
        seen.add(name);
        return `${detach}  ${name}: ${value}`;
      });
      return `${path}\n${lines.join('\n')}`;
    })
    .join('\n\n')
    .concat('\n');
}

/**
 * The same headers for nginx, inside the server block that serves out/. nginx drops the
 * server-level headers in a location that adds its own, so assets repeat the ones they need.
 */
export function nginxSnippet(apiBaseUrl?: string): string {
  const [page, ...assets] = headerRules(apiBaseUrl);
  const kept = page!.headers.filter(([name]) =>
    ['Strict-Transport-Security', 'X-Content-Type-Options'].includes(name),
  );
  const add = (headers: [string, string][], indent = '') =>
    headers.map(([name, value]) => `${indent}add_header ${name} "${value}" always;`).join('\n');
  const locations = assets.map(
    ({ path, headers }) =>
      `location ${path.replace('*', '')} {\n${add([...kept, ...headers], '  ')}\n}`,
  );
  return [add(page!.headers), ...locations].join('\n');
}
