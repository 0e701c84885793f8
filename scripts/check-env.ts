// Prebuild: reports once the settings of .env.example that are unset (their defaults are used),
// and stops a production build that would ship development settings (lib/build-settings.ts).
import { readFileSync } from 'node:fs';
import nextEnv from '@next/env';
import { isProductionBuild, productionProblems } from '@/lib/build-settings';

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });

const names = readFileSync('.env.example', 'utf8')
  .split('\n')
  .flatMap((line) => line.match(/^([A-Z0-9_]+)=/)?.[1] ?? []);

const problems = productionProblems(process.env);
if (problems.length > 0) {
  console.error(
    `A production build (NEXT_PUBLIC_SITE_URL=${process.env.NEXT_PUBLIC_SITE_URL}) would ship development settings:\n${problems.map((problem) => `  ${problem}`).join('\n')}\nSet them in .env.production.local or the build's environment (README, "Settings").`,
  );
  process.exit(1);
}
const missing = names.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.warn(
    `${isProductionBuild(process.env) ? 'Production' : 'Local'} build; settings not set, using their defaults (see .env.example): ${missing.join(', ')}`,
  );
}
