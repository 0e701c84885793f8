// Reports, once per build, every setting of .env.example that is not set (its default is used).
import { readFileSync } from 'node:fs';
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });

const names = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.match(/^([A-Z0-9_]+)=/)?.[1])
  .filter(Boolean);

const missing = names.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.warn(`Settings not set, using their defaults (see .env.example): ${missing.join(', ')}`);
}
