// The status line above the editor: where the latest published change is (building, live since
// HH:MM, or its build failed, with the host's link and the file and field it refused), and whether
// the order service charges the new prices yet. It asks GitHub with the editor's own sign-in (the
// token Decap keeps), this site for /version.json and the service for /health; where it cannot
// tell, it says so.

export type StatusConfig = {
  /** GitHub's API address, or null when the editor commits to another host. */
  githubApi: string | null;
  repo: string;
  branch: string;
  /** The order service's address (its /health names the catalogue it charges). */
  serviceUrl: string;
};

type CommitStatus = {
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  target_url: string | null;
};
type Version = { commit: string | null; builtAt: string; catalogVersion: string };

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

async function json<T>(url: string, init?: RequestInit): Promise<T | null> {
  try {
    const answer = await fetch(url, { cache: 'no-store', ...init });
    return answer.ok ? ((await answer.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The words of the line, and the link the host gave for a failed build. */
export async function readStatus(
  config: StatusConfig,
  token: string | null,
): Promise<{ text: string; link?: { href: string; text: string }; state: string }> {
  if (!config.githubApi) {
    return { state: 'unknown', text: 'Whether a change is live is shown for GitHub only.' };
  }
  if (!token) return { state: 'unknown', text: 'Sign in to see whether your last change is live.' };
  const github = (path: string) =>
    json<Record<string, unknown>>(`${config.githubApi}/repos/${config.repo}${path}`, {
      headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' },
    });
  const [branch, site] = await Promise.all([
    github(`/branches/${encodeURIComponent(config.branch)}`) as Promise<{
      commit: { sha: string; commit: { committer: { date: string } } };
    } | null>,
    json<Version>('/version.json'),
  ]);
  if (!branch || !site) {
    return {
      state: 'unknown',
      text: `Cannot tell whether your last change is live: ${branch ? 'this site' : 'GitHub'} did not answer.`,
    };
  }
  const head = branch.commit.sha;
  const published = time(branch.commit.commit.committer.date);
  let live = site.commit === head;
  if (!live && site.commit) {
    // The site may be built from a later commit than the branch's (a deploy racing the editor).
    const compared = (await github(`/compare/${head}...${site.commit}`)) as {
      status: string;
    } | null;
    live = compared?.status === 'ahead';
  }
  if (live) {
    const health = await json<{ catalog: { version: string } | null }>(
      `${config.serviceUrl}/health`,
    );
    const shop = !health?.catalog
      ? ' Cannot tell whether the shop charges its prices yet: the order service did not answer.'
      : health.catalog.version === site.catalogVersion
        ? ' The shop charges its prices.'
        : ' Prices not yet live in the shop: the order service still charges the previous ones.';
    const charged = health?.catalog?.version === site.catalogVersion;
    return {
      state: charged ? 'live' : 'unknown',
      text: `Live since ${time(site.builtAt)}.${shop}`,
    };
  }
  const combined = (await github(`/commits/${head}/status`)) as {
    statuses: CommitStatus[];
  } | null;
  const failed = combined?.statuses.find((s) => s.state === 'failure' || s.state === 'error');
  if (failed) {
    return {
      state: 'failed',
      text: `The build of your change published at ${published} failed${failed.description ? `: ${failed.description}` : '.'}`,
      ...(failed.target_url && { link: { href: failed.target_url, text: 'What the host said' } }),
    };
  }
  if (!site.commit) {
    return {
      state: 'unknown',
      text: `Cannot tell whether your change published at ${published} is live: this site was built without its commit's name.`,
    };
  }
  return { state: 'building', text: `Building your change published at ${published}…` };
}

/** The token of Decap's GitHub sign-in, as it keeps it. */
function signedIn(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem('decap-cms-user') ?? 'null') as {
      backendName?: string;
      token?: string;
    } | null;
    return user?.backendName === 'github' ? (user.token ?? null) : null;
  } catch {
    return null;
  }
}

/** Shows the line at the top of the page and keeps it current (every 30 s while in view). */
export function showStatus(config: StatusConfig) {
  const line = document.createElement('p');
  line.className = 'publish-status';
  line.setAttribute('role', 'status');
  document.body.prepend(line);
  const refresh = async () => {
    if (document.visibilityState === 'hidden') return;
    const status = await readStatus(config, signedIn());
    line.dataset.state = status.state;
    line.replaceChildren(status.text);
    if (status.link) {
      const link = Object.assign(document.createElement('a'), {
        href: status.link.href,
        textContent: status.link.text,
        target: '_blank',
        rel: 'noopener',
      });
      line.append(' ', link);
    }
  };
  void refresh();
  setInterval(() => void refresh(), 30_000);
  // Decap's sign-in in this tab fires no storage event here: a changed token is looked for often.
  let token = signedIn();
  setInterval(() => {
    if (signedIn() === token) return;
    token = signedIn();
    void refresh();
  }, 2_000);
  document.addEventListener('visibilitychange', () => void refresh());
  // A sign-in elsewhere in the page (Decap's) changes what can be asked.
  window.addEventListener('storage', () => void refresh());
}
