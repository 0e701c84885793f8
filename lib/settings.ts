// The site's build settings (NEXT_PUBLIC_*, read into the pages at build time) and the content
// editor's (CMS_*), in one schema: each setting's meaning, its default, and what a build for the
// public site requires of it. `.env.example` lists them (lib/settings.test.ts keeps it in step);
// the prebuild (scripts/check-env.ts) reports the unset ones and stops a production build that
// would ship development values.
import { z } from 'zod';
import { site } from '@/lib/content';
import { LINK_DEFAULTS } from '@/lib/shared/order';

/** A setting: unset or empty means its default. */
const setting = (fallback: string, meaning: string) =>
  z
    .preprocess((value) => (value === '' ? undefined : value), z.string().default(fallback))
    .meta({
      description: meaning,
    });

/** A whole number above zero; unset or empty means its default. */
const count = (fallback: number, meaning: string) =>
  z
    .preprocess(
      (value) => (value === '' || value === undefined ? fallback : Number(value)),
      z.number().int().positive(),
    )
    .meta({ description: meaning });

export const settingsSchema = z.object({
  NEXT_PUBLIC_SITE_URL: setting(
    site.url,
    'The public address of the site, used for canonical URLs, the sitemap and social cards.',
  ),
  NEXT_PUBLIC_PAYPAL_CLIENT_ID: setting(
    'test',
    `PayPal REST app client id; "test" is PayPal's sandbox id.`,
  ),
  NEXT_PUBLIC_API_BASE_URL: setting(
    'http://127.0.0.1:8787',
    'Where the order service (server/) answers.',
  ),
  NEXT_PUBLIC_FORMSPREE_FORM_KEY: setting(
    'your-form-key',
    'The Formspree form key (the part after /f/ in the form’s endpoint).',
  ),
  NEXT_PUBLIC_GA_MEASUREMENT_ID: setting(
    '',
    'Google Analytics 4 measurement id (G-XXXXXXX); analytics is off when empty.',
  ),
  NEXT_PUBLIC_SCHEDULING_URL: setting(site.schedulingUrl, 'The scheduling page embedded on /book.'),
  NEXT_PUBLIC_FORMSPREE_AUTORESPONSE: z.enum(['on', 'off', '']).default('off').meta({
    description:
      "on when the Formspree form's autoresponse e-mails couples a copy of their enquiry (the reply then says so); off: the reply offers the summary to save.",
  }),
  NEXT_PUBLIC_TURNSTILE_SITE_KEY: setting(
    '',
    "Cloudflare Turnstile site key: the enquiry's bot check, off when empty (turn CAPTCHA on in the Formspree form's settings with the secret key).",
  ),
  DOWNLOAD_TTL_DAYS: count(
    LINK_DEFAULTS.days,
    'How many days a download link works: the same value as the order service’s setting of that name, which the pack pages state.',
  ),
  DOWNLOAD_LIMIT: count(
    LINK_DEFAULTS.downloads,
    'How many downloads a link allows: the same value as the order service’s setting of that name.',
  ),
  CMS_BACKEND: setting(
    'github',
    'The Git host the editor at /admin/ commits to: github, gitlab or gitea.',
  ),
  CMS_REPO: setting('saanjhstudio/site', 'The repository the editor commits to.'),
  CMS_BRANCH: setting('main', 'The branch the editor commits to, which a deploy builds from.'),
  CMS_AUTH_URL: setting(
    '',
    "The host's log-in service (GitHub: an OAuth provider; Gitea: the server).",
  ),
  CMS_APP_ID: setting('', 'The OAuth application id (GitLab and Gitea, PKCE).'),
  CMS_API_ROOT: setting('', "The host's API address (Gitea, self-hosted GitLab)."),
  CMS_PUBLISH_MODE: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['editorial_workflow', 'simple']).default('editorial_workflow'),
    )
    .meta({
      description:
        'editorial_workflow: Save makes a draft (a branch and a pull request) with a deploy preview, and Publish merges it (GitHub, GitLab); simple: Publish commits to the branch at once (Gitea, or a host without pull requests).',
    }),
  CMS_LOCAL_BACKEND_URL: setting(
    'http://localhost:8081/api/v1',
    'Where `npm run cms` runs decap-server.',
  ),
});

export type Env = Record<string, string | undefined>;
export type Settings = z.output<typeof settingsSchema>;

/** Every setting's name, as `.env.example` lists them. */
export const SETTING_NAMES = Object.keys(settingsSchema.shape) as (keyof Settings)[];

/** The settings of an environment, each unset one at its default. */
export const readSettings = (env: Env): Settings => settingsSchema.parse(env);

function isLocal(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname;
  } catch {
    return true;
  }
  return (
    host === 'localhost' ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    /\.(example|test|invalid|localhost|local)$/.test(host)
  );
}

/** What a build for the public site requires of a setting: why its value will not do, or null. */
const productionRules: Partial<
  Record<keyof Settings, (value: string | undefined) => string | null>
> = {
  NEXT_PUBLIC_SITE_URL: (value) =>
    value?.startsWith('https://') ? null : `is "${value}": a public site is served over https`,
  NEXT_PUBLIC_PAYPAL_CLIENT_ID: (value) =>
    !value || value === 'test'
      ? 'is PayPal\'s sandbox id "test": set the client id of the live PayPal app'
      : null,
  NEXT_PUBLIC_API_BASE_URL: (value) => {
    if (!value)
      return "is not set: the checkout would post to http://127.0.0.1:8787, the visitor's own machine";
    if (isLocal(value))
      return `is ${value}, the visitor's own machine: set the public https address of the order-confirmation service`;
    return value.startsWith('https://')
      ? null
      : `is ${value}: the service must be reached over https`;
  },
  NEXT_PUBLIC_FORMSPREE_FORM_KEY: (value) =>
    !value || value === 'your-form-key'
      ? "is the placeholder: set the key of the studio's Formspree form, or enquiries are lost"
      : null,
};

/**
 * True when the build is for the public site: its address names a public host, not this machine
 * nor a reserved name (.example, .test, .invalid, .localhost, .local).
 */
export function isProductionBuild(env: Env): boolean {
  const address = env.NEXT_PUBLIC_SITE_URL;
  return !!address && !isLocal(address);
}

/** Each development setting a production build would ship, as "NAME what is wrong"; [] otherwise. */
export function productionProblems(env: Env): string[] {
  if (!isProductionBuild(env)) return [];
  return Object.entries(productionRules).flatMap(([name, rule]) => {
    const problem = rule(env[name] || undefined);
    return problem ? [`${name} ${problem}`] : [];
  });
}

const current = readSettings(process.env);

/** The settings this build runs with. */
export const settings = {
  siteUrl: current.NEXT_PUBLIC_SITE_URL.replace(/\/+$/, ''),
  schedulingUrl: current.NEXT_PUBLIC_SCHEDULING_URL,
  /** PayPal REST app client id; "test" is PayPal's sandbox. */
  paypalClientId: current.NEXT_PUBLIC_PAYPAL_CLIENT_ID,
  /** The order service (server/). */
  apiBaseUrl: current.NEXT_PUBLIC_API_BASE_URL,
  /** Google Analytics 4; analytics is off without it. */
  gaMeasurementId: current.NEXT_PUBLIC_GA_MEASUREMENT_ID || undefined,
  /** The Formspree form of the contact page; the placeholder renders the form but cannot send. */
  formspreeFormKey: current.NEXT_PUBLIC_FORMSPREE_FORM_KEY,
  /** Formspree e-mails couples a copy of their enquiry. */
  formspreeAutoresponse: current.NEXT_PUBLIC_FORMSPREE_AUTORESPONSE === 'on',
  /** Cloudflare Turnstile on the enquiry; off without it. */
  turnstileSiteKey: current.NEXT_PUBLIC_TURNSTILE_SITE_KEY || undefined,
  /** What the pack pages state of the download links (the service is configured alike). */
  links: { days: current.DOWNLOAD_TTL_DAYS, downloads: current.DOWNLOAD_LIMIT },
};
