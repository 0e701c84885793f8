// Prebuild: refuses content the site may not publish, writing why as data (scripts/content/refusal.ts);
// reports once the settings (lib/settings.ts) that are unset (their defaults are used),
// and stops a production build that would ship development settings; warns of stale exchange and
// tax rates, and of published sample reviews and sample tax numbers.
import nextEnv from '@next/env';
import { refuseInvalidContent } from './content/refusal';

// Every content file and journal post, validated before any other step reads them (the settings
// read content/site.json too).
await refuseInvalidContent(async () => (await import('@/lib/journal/posts')).journal());
const { rates, reviews, reviewsSetAside, tax } = await import('@/lib/content');
const { TAX_STALE_DAYS } = await import('@/lib/content/tax-schema');
const { RATES_STALE_DAYS, ratesAgeDays } = await import('@/lib/content/terms-schema');
const { isProductionBuild, productionProblems, SETTING_NAMES } = await import('@/lib/settings');

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

// The approximate prices in visitors' money are only as good as the studio's rates.
const age = ratesAgeDays(rates.date, Date.now());
if (age > RATES_STALE_DAYS) {
  console.warn(
    `The exchange rates in content/rates.json are ${age} days old (${rates.date}): update them in the editor ("Exchange rates") so that the approximate prices stay close.`,
  );
}

// Tax rates change (Finland's, Estonia's, Romania's in 2024-25): the studio checks them each quarter.
const taxAge = ratesAgeDays(tax.checked, Date.now());
if (taxAge > TAX_STALE_DAYS) {
  console.warn(
    `The tax rates in content/tax.json were checked ${taxAge} days ago (${tax.checked}): check each place's rate with its tax authority and set the day in the editor ("Tax").`,
  );
}
// A sample registration number on a receipt would be a false statement to the buyer and the tax office.
const sampleSchemes = tax.schemes.filter((scheme) => scheme.registered && scheme.sample);
if (sampleSchemes.length > 0) {
  console.warn(
    `${sampleSchemes.length} tax schemes carry sample registration numbers (${sampleSchemes.map((scheme) => scheme.name).join('; ')}): put the studio's own numbers in the editor ("Tax") and untick "sample" before the shop sells.`,
  );
}

// Sample reviews show how reviews look; on the studio's site they would be invented reviews, in the
// pages and in their Product markup.
const samples = reviews.filter((review) => review.sample && review.published);
// Buyers write review files: one the build cannot use is left off the site, never a failed build.
for (const { why } of reviewsSetAside) {
  console.warn(`A review is left off the site: ${why.replace(/^Invalid content in /, '')}`);
}
if (samples.length > 0) {
  console.warn(
    `${samples.length} sample reviews are published (${samples.map((review) => review.file).join(', ')}): delete them in the editor ("Reviews") before the site goes live.`,
  );
}
