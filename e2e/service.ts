// Where the e2e run's order-confirmation service (server/) and its fake PayPal listen. The site is
// built for the same address (npm run build:e2e), so the checkout talks to the real service.
import path from 'node:path';

const apiPort = Number(process.env.E2E_API_PORT ?? 8787);
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? 8788);
const catalogPort = Number(process.env.E2E_CATALOG_PORT ?? 8789);
const viesPort = Number(process.env.E2E_VIES_PORT ?? 8791);
/** The editor of the e2e build talks to a fake GitHub here (npm run build:e2e's CMS_API_ROOT). */
export const fakeGitHubPort = Number(process.env.E2E_GITHUB_PORT ?? 8790);

export const apiBase = `http://127.0.0.1:${apiPort}`;
export const fakePayPalBase = `http://127.0.0.1:${paypalPort}`;
/** The site's catalogue as the service reads it (e2e/stubs/catalog-site.ts): out/catalog.json. */
export const catalogSiteBase = `http://127.0.0.1:${catalogPort}`;
export const catalogSitePort = catalogPort;
export const serviceDataDir = path.resolve('.cache/e2e-service');
export const outboxDir = path.join(serviceDataDir, 'outbox');
/** Where the service writes buyers' reviews: the site checkout's content/reviews/ in production. */
export const reviewsDir = path.join(serviceDataDir, 'reviews');

/** The studio's staff in the e2e run: the desk's test signs in on the page, the phone's by API. */
export const STAFF = ['studio@example.com', 'bookings@example.com'] as const;

/** The service's environment for the e2e run: local fakes, e-mails into the outbox folder. */
export function serviceEnv(siteOrigins: string[]): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PORT: String(apiPort),
    FAKE_PAYPAL_PORT: String(paypalPort),
    FAKE_VIES_PORT: String(viesPort),
    DATA_DIR: serviceDataDir,
    REVIEWS_DIR: reviewsDir,
    SITE_ORIGINS: siteOrigins.join(','),
    RATE_LIMIT_PER_MINUTE: '1000',
    CATALOG_URL: `${catalogSiteBase}/catalog.json`,
    // A catalogue a test publishes reaches the service within a second.
    CATALOG_REFRESH_SECONDS: '1',
    // Who signs in to /studio/: one address per test that signs in, so that each reads its own link.
    STUDIO_STAFF: STAFF.join(','),
    // A test signs in again on a retry, or a local run again on a kept service: no bound to wait
    // out (server/booking/staff.test.ts holds the bound).
    STAFF_LINK_INTERVAL_SECONDS: '1',
    STAFF_LINKS_PER_HOUR: '1000',
  };
}
