// What a build was made from, published at /version.json: the commit, when it was built, and the
// version of the shop's catalogue. The editor's status line and a deploy's check read it to tell
// whether a change is live on the CDN, and whether the order service charges its prices yet.
import { execFileSync } from 'node:child_process';
import { publishedCatalog } from '@/lib/catalog';
import type { BuildInfo } from '@/lib/shared/version';

/** The commit being built: the host's own variable (Netlify, Cloudflare Pages, GitHub), else git's. */
function commit(): string | null {
  const fromHost =
    process.env.COMMIT_REF ?? process.env.CF_PAGES_COMMIT_SHA ?? process.env.GITHUB_SHA;
  if (fromHost) return fromHost;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null; // a folder without git (a tarball): said as unknown
  }
}

export function buildInfo(now = new Date()): BuildInfo {
  return {
    commit: commit(),
    builtAt: now.toISOString(),
    catalogVersion: publishedCatalog().version,
  };
}
