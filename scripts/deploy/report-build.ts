// npm run report-build -- <success|failure> --sha <commit> --context <name> [--url <address>] [--description <words>]
// Posts a build's outcome as the commit's status on GitHub (POST /repos/{repo}/statuses/{sha}),
// which the line above the editor reads: a failure's words are the build's refusal
// (build-refusal.json: "content/presets.json: Stoic Pack, price: must be …"), or, when the build
// stopped for another reason, that it failed, with the run's address to read why. The committed
// workflow runs it after every build, on main as on a draft's branch. GitHub's address, the
// repository and the token come from the variables GitHub Actions sets (GITHUB_API_URL,
// GITHUB_REPOSITORY) and GITHUB_TOKEN.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readRefusal } from '../content/refusal';

/** GitHub refuses a status whose description is longer (422). */
export const STATUS_DESCRIPTION_LIMIT = 140;

export function statusDescription(state: string, given: string | undefined, root?: string) {
  const words =
    given ??
    (state === 'success'
      ? 'The build of this commit is ready'
      : (readRefusal(root)?.summary ?? 'The build failed: its log says why'));
  return words.length <= STATUS_DESCRIPTION_LIMIT
    ? words
    : `${words.slice(0, STATUS_DESCRIPTION_LIMIT - 1)}…`;
}

const usage =
  'Usage: npm run report-build -- <success|failure|pending> --sha <commit> --context <name> [--url <address>] [--description <words>]\n' +
  '  with GITHUB_TOKEN, GITHUB_REPOSITORY (owner/name) and GITHUB_API_URL (https://api.github.com when unset).';

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      sha: { type: 'string' },
      context: { type: 'string' },
      url: { type: 'string' },
      description: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [state] = positionals;
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repo } = process.env;
  const api = process.env.GITHUB_API_URL || 'https://api.github.com';
  if (!['success', 'failure', 'pending'].includes(state ?? '') || !values.sha || !values.context) {
    console.error(usage);
    process.exit(2);
  }
  if (!token || !repo) {
    console.error(`GITHUB_TOKEN and GITHUB_REPOSITORY must be set.\n${usage}`);
    process.exit(2);
  }
  const status = {
    state,
    context: values.context,
    description: statusDescription(state!, values.description),
    ...(values.url && { target_url: values.url }),
  };
  const answer = await fetch(`${api}/repos/${repo}/statuses/${values.sha}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(status),
  });
  if (!answer.ok) {
    console.error(`GitHub refused the status (${answer.status}): ${await answer.text()}`);
    process.exit(1);
  }
  console.log(
    `Status ${values.context} of ${values.sha.slice(0, 7)}: ${state}, "${status.description}"`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await main();
