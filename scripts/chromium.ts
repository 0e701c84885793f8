import { existsSync } from 'node:fs';

/** Debian's Chromium where it is installed (`apt-get install -y chromium`); else undefined. */
export const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

/** Keeps the browser from calling home during tests and measurements. */
export const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
