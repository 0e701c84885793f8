// Prebuild: reports once the settings (lib/settings.ts) that are unset (their defaults are used),
// and stops a production build that would ship development settings.
import nextEnv from '@next/env';
import { isProductionBuild, productionProblems, SETTING_NAMES } from '@/lib/settings';

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });

const problems = productionProblems(process.env);
if (problems.length > 0) {
  console.error(
    `A production build (NEXT_PUBLIC_SITE_URL=${process.env.NEXT_PUBLIC_SITE_URL}) would ship development settings:\n${problems.map((problem) => `  ${problem}`).join('\n')}\nSet them in .env.production.local or the build's environment (README, "Settings").`,
  );
  process.exit(1);
}
const missing = SETTING_NAMES.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.warn(
    `${isProductionBuild(process.env) ? 'Production' : 'Local'} build; settings not set, using their defaults (see .env.example): ${missing.join(', ')}`,
  );
}
