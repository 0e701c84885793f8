import { defineConfig, devices } from '@playwright/test';
import { hostOrigins } from './e2e/hosts/hosts';
import { apiBase, catalogSiteBase, catalogSitePort, serviceEnv } from './e2e/service';
import { headlessShellPath, QUIET_FLAGS } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e/tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Debian's Chromium where it is installed; elsewhere Playwright's own browser
    // (`npx playwright install chromium` once).
    launchOptions: { executablePath: headlessShellPath, args: QUIET_FLAGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    { name: 'phone', use: { ...devices['Pixel 7'] } },
    // Debian's Firefox ESR and WebKitGTK, driven by e2e/engines/engines.ts, for what engines do
    // differently (installed by .ci/run; skipped with a note where they are missing).
    { name: 'engines', testDir: 'e2e/engines' },
    // Checks of the out/ folder itself, without a browser.
    { name: 'output', testDir: 'e2e/static' },
    // out/ behind the servers of real hosts: Cloudflare's local Pages server, and Debian's nginx
    // through deploys and a rollback (npm run deploy).
    {
      name: 'hosts',
      testDir: 'e2e/hosts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // The editor at /admin/ with decap-server, on a copy of the project that it edits and builds.
    // Two minutes a test at least: a step in the editor runs beside the other file's builds,
    // which take both cores.
    {
      name: 'cms',
      testDir: 'e2e/cms',
      timeout: 120_000,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      env: { PORT: String(port) },
      url: `${baseURL}/`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: 'node --import tsx e2e/stubs/catalog-site.ts',
      env: { PORT: String(catalogSitePort) },
      url: `${catalogSiteBase}/catalog.json`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: 'node --import tsx server/testing/dev.ts',
      env: serviceEnv([baseURL, ...hostOrigins]),
      url: `${apiBase}/health`,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
