import { existsSync } from 'node:fs';

/** Debian's Chromium where it is installed (`apt-get install -y chromium`); else undefined. */
export const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

/**
 * Debian's headless shell (`apt-get install -y chromium-headless-shell`), the same engine without
 * the browser's windows: what Playwright itself runs headless. A new browser context costs a third
 * of the full browser's (which opens a window, with its own WebUI renderer, per context), so the
 * e2e suite uses it where installed, then the full browser, then Playwright's own.
 */
export const headlessShellPath =
  ['/usr/bin/chromium-headless-shell'].find((path) => existsSync(path)) ?? chromiumPath;

/** Keeps the browser from calling home during tests and measurements. */
export const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
