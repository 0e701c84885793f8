// Where the e2e run's order-confirmation service (server/) and its fake PayPal listen. The site is
// built for the same address (npm run build:e2e), so the checkout talks to the real service.
import path from 'node:path';

const apiPort = Number(process.env.E2E_API_PORT ?? 8787);
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? 8788);

export const apiBase = `http://127.0.0.1:${apiPort}`;
export const fakePayPalBase = `http://127.0.0.1:${paypalPort}`;
export const serviceDataDir = path.resolve('.cache/e2e-service');
export const outboxDir = path.join(serviceDataDir, 'outbox');

/** The service's environment for the e2e run: local fakes, e-mails into the outbox folder. */
export function serviceEnv(siteOrigin: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PORT: String(apiPort),
    FAKE_PAYPAL_PORT: String(paypalPort),
    DATA_DIR: serviceDataDir,
    SITE_ORIGINS: siteOrigin,
    RATE_LIMIT_PER_MINUTE: '1000',
  };
}
