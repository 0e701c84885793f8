// What a build was made for, written beside out/_headers by the postbuild (scripts/headers.ts) and
// read by npm run deploy, which publishes a build's own headers and refuses one made for another
// site or with development settings.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The nginx headers of a build, as its postbuild wrote them from the build's settings. */
export const NGINX_HEADERS_FILE = '_headers.nginx';
/** What a build was made for. */
export const BUILD_FILE = '_build.json';

const buildSettingsSchema = z.object({
  /** NEXT_PUBLIC_SITE_URL as the build had it. */
  siteUrl: z.string(),
  /** NEXT_PUBLIC_API_BASE_URL, which the pages and their policy name. */
  apiBaseUrl: z.string(),
  /** Built for the public site (lib/settings.ts isProductionBuild): its settings were checked. */
  production: z.boolean(),
});
export type BuildSettings = z.infer<typeof buildSettingsSchema>;

/** A build's settings; an error naming the file when it is missing or unreadable. */
export function readBuildSettings(site: string): BuildSettings {
  const file = path.join(site, BUILD_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the site again (npm run build writes it).`);
  }
  const parsed = buildSettingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a build's settings: build the site again.`);
  return parsed.data;
}

/**
 * Why a build must not replace the live one: made with development settings (unless the target is
 * a test server), or for another site than the live release's (unless the site moves). Null: fine.
 */
export function buildRefusal(
  build: BuildSettings,
  live: BuildSettings | null,
  { development = false, newSite = false }: { development?: boolean; newSite?: boolean } = {},
): string | null {
  if (!build.production && !development) {
    return `out/ was built with development settings (NEXT_PUBLIC_SITE_URL=${build.siteUrl}, NEXT_PUBLIC_API_BASE_URL=${build.apiBaseUrl}): build it with the live settings in the build's environment or .env.production.local (README, "Settings"), or pass --development to publish it to a test server.`;
  }
  if (live && live.siteUrl !== build.siteUrl && !newSite) {
    return `out/ was built for NEXT_PUBLIC_SITE_URL=${build.siteUrl}, and the live release for ${live.siteUrl}: build it with this site's settings, or pass --new-site if the site moves.`;
  }
  return null;
}
