// The status line above the editor: where the latest published change is (building, live since
// HH:MM, its build failed and why, or the site rolled back under it), whether the order service
// charges the live prices yet, and which drafts' previews failed and why. It asks GitHub with the
// editor's own sign-in (the token Decap keeps), this site for /version.json and the service for
// /health (gather); what the line says is decided from those answers alone (decide), so that
// each case is tested without a browser (status.test.ts). Where it cannot tell, it says so.
import { hc, type InferResponseType } from 'hono/client';
import { z } from 'zod';
import { versionSchema, type PublishedVersion } from '@/lib/shared/version';
import type { HealthApi } from '@/server/routes/health';

export type StatusConfig = {
  /** GitHub's API address, or null when the editor commits to another host. */
  githubApi: string | null;
  repo: string;
  branch: string;
  /** The order service's address (its /health names the catalogue it charges). */
  serviceUrl: string;
};

/** A commit status, as GitHub answers it (the fields the line reads). */
const commitStatusSchema = z.object({
  state: z.enum(['error', 'failure', 'pending', 'success']),
  context: z.string(),
  description: z.string().nullable(),
  target_url: z.string().nullable(),
});
export type CommitStatus = z.output<typeof commitStatusSchema>;

/** /version.json (lib/build-info.ts), with what `npm run deploy` and `rollback` add when they switch. */
export type Version = PublishedVersion;

/** The service's /health answer, typed by its route (server/routes/health.ts). */
type Health = InferResponseType<ReturnType<typeof hc<HealthApi>>['index']['$get']>;

/** Everything the line is decided from; null where the one asked did not answer. */
export type Answers = {
  /** The branch the editor publishes to: its newest commit and when it was made. */
  branch: { sha: string; date: string } | null;
  site: Version | null;
  /** How the site's commit stands to the branch's ("ahead": built from a later commit). */
  compared: 'ahead' | 'behind' | 'identical' | 'diverged' | null;
  /** The latest status of each context of the branch's commit. */
  statuses: CommitStatus[] | null;
  /** The drafts (Decap's pull requests) and the latest statuses of their newest commits. */
  drafts: { title: string; statuses: CommitStatus[] }[];
  health: Health | null;
};

export type Line = { text: string; link?: { href: string; text: string } };
export type Status = {
  state: 'live' | 'building' | 'failed' | 'rolled-back' | 'unknown';
} & Line & {
    /** One line for each draft whose preview failed. */
    drafts: Line[];
  };

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** ": <the host's words>." (a sentence's end, however the host ended them), or ".". */
const why = ({ description }: CommitStatus) =>
  description ? `: ${description}${/[.!?…]$/.test(description) ? '' : '.'}` : '.';

const failedOf = (statuses: readonly CommitStatus[] | null) =>
  statuses?.find((status) => status.state === 'failure' || status.state === 'error');

const hostLink = (status: CommitStatus, text: string) =>
  status.target_url ? { link: { href: status.target_url, text } } : {};

/** Whether the order service charges the site's catalogue: a sentence, and whether it does. */
function shop(answers: Answers, site: Version, { again = false } = {}) {
  const charged = answers.health?.catalog?.version;
  if (!charged) {
    return {
      charges: false,
      text: 'Cannot tell whether the shop charges its prices yet: the order service did not answer.',
    };
  }
  if (charged === site.catalogVersion) {
    return {
      charges: true,
      text: again
        ? "The shop charges that version's prices again."
        : 'The shop charges its prices.',
    };
  }
  return {
    charges: false,
    text: again
      ? 'The shop still charges the newer prices: it reads the older ones within a minute.'
      : 'Prices not yet live in the shop: the order service still charges the previous ones.',
  };
}

/** What the line says, from the answers. */
export function decide(config: StatusConfig, signedIn: boolean, answers: Answers): Status {
  const unknown = (text: string): Status => ({ state: 'unknown', text, drafts: [] });
  if (!config.githubApi) return unknown('Whether a change is live is shown for GitHub only.');
  if (!signedIn) return unknown('Sign in to see whether your last change is live.');
  const drafts = answers.drafts.flatMap(({ title, statuses }) => {
    const failed = failedOf(statuses);
    return failed
      ? [
          {
            text: `The preview of your draft “${title}” failed${why(failed)} Correct it and save the draft again.`,
            ...hostLink(failed, 'What the build said'),
          },
        ]
      : [];
  });
  const { branch, site } = answers;
  if (!branch || !site) {
    return {
      ...unknown(
        `Cannot tell whether your last change is live: ${branch ? 'this site' : 'GitHub'} did not answer.`,
      ),
      drafts,
    };
  }
  const published = time(branch.date);
  const live = site.commit === branch.sha || answers.compared === 'ahead';
  if (live) {
    const { charges, text } = shop(answers, site);
    const since = site.liveSince
      ? `Live since ${time(site.liveSince)}.`
      : `Live (built at ${time(site.builtAt)}).`;
    return { state: charges ? 'live' : 'unknown', text: `${since} ${text}`, drafts };
  }
  // Rolled back, and nothing published since: the changes after that version are still on the
  // branch, and the next publish of any file builds them all again.
  const { rolledBack } = site;
  if (rolledBack && new Date(branch.date) <= new Date(rolledBack.at)) {
    const { text } = shop(answers, site, { again: true });
    return {
      state: 'rolled-back',
      text:
        `The site went back at ${time(rolledBack.at)} to the version built at ${time(site.builtAt)}: ` +
        `your changes published since are not live. ${text} Those changes are still in the editor: the next ` +
        `publish of any file brings them back (undo them first if they should not return).`,
      drafts,
    };
  }
  const failed = failedOf(answers.statuses);
  if (failed) {
    return {
      state: 'failed',
      text: `The build of your change published at ${published} failed${why(failed)} The site is as it was.`,
      ...hostLink(failed, 'What the host said'),
      drafts,
    };
  }
  if (!site.commit) {
    return {
      ...unknown(
        `Cannot tell whether your change published at ${published} is live: this site was built without its commit's name.`,
      ),
      drafts,
    };
  }
  return { state: 'building', text: `Building your change published at ${published}…`, drafts };
}

/** An answer read with its schema; null where none came, or one that does not read. */
async function json<T extends z.ZodType>(
  schema: T,
  url: string,
  init?: RequestInit,
): Promise<z.output<T> | null> {
  try {
    const answer = await fetch(url, { cache: 'no-store', ...init });
    if (!answer.ok) return null;
    const read = schema.safeParse(await answer.json());
    return read.success ? read.data : null;
  } catch {
    return null;
  }
}

// GitHub's answers, as far as the line reads them.
const branchSchema = z.object({
  commit: z.object({
    sha: z.string(),
    commit: z.object({ committer: z.object({ date: z.string() }) }),
  }),
});
const pullsSchema = z.array(
  z.object({ title: z.string(), head: z.object({ ref: z.string(), sha: z.string() }) }),
);
const combinedStatusSchema = z.object({ statuses: z.array(commitStatusSchema) });
const compareSchema = z.object({ status: z.enum(['ahead', 'behind', 'identical', 'diverged']) });

/** The service's /health, either answer (503 before it has a catalogue), typed by its route. */
async function health(serviceUrl: string): Promise<Health | null> {
  try {
    const answer = await hc<HealthApi>(`${serviceUrl}/health`, {
      init: { cache: 'no-store' },
    }).index.$get();
    return await answer.json();
  } catch {
    return null;
  }
}

/** Asks GitHub, this site and the order service what the line needs. */
export async function gather(config: StatusConfig, token: string): Promise<Answers> {
  const github = <T extends z.ZodType>(schema: T, path: string) =>
    json(schema, `${config.githubApi}/repos/${config.repo}${path}`, {
      headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' },
    });
  const statusesOf = async (sha: string) =>
    (await github(combinedStatusSchema, `/commits/${sha}/status`))?.statuses ?? null;
  const [head, site, pulls, charged] = await Promise.all([
    github(branchSchema, `/branches/${encodeURIComponent(config.branch)}`),
    json(versionSchema, '/version.json'),
    github(pullsSchema, `/pulls?state=open&base=${encodeURIComponent(config.branch)}&per_page=100`),
    health(config.serviceUrl),
  ]);
  const branch = head && { sha: head.commit.sha, date: head.commit.commit.committer.date };
  const drafts = await Promise.all(
    (pulls ?? [])
      .filter((pull) => pull.head.ref.startsWith('cms/'))
      .map(async (pull) => ({
        title: pull.title,
        statuses: (await statusesOf(pull.head.sha)) ?? [],
      })),
  );
  // The site may be built from a later commit than the branch's (a deploy racing the editor).
  const compared =
    branch && site?.commit && site.commit !== branch.sha
      ? ((await github(compareSchema, `/compare/${branch.sha}...${site.commit}`))?.status ?? null)
      : null;
  const statuses = branch && site?.commit !== branch.sha ? await statusesOf(branch.sha) : null;
  return { branch, site, compared, statuses, drafts, health: charged };
}

const decapUserSchema = z.object({
  backendName: z.string().optional(),
  token: z.string().optional(),
});

/** The token of Decap's GitHub sign-in, as it keeps it. */
function signedIn(): string | null {
  try {
    const user = decapUserSchema.safeParse(
      JSON.parse(localStorage.getItem('decap-cms-user') ?? 'null'),
    );
    return user.success && user.data.backendName === 'github' ? (user.data.token ?? null) : null;
  } catch {
    return null;
  }
}

const none: Answers = {
  branch: null,
  site: null,
  compared: null,
  statuses: null,
  drafts: [],
  health: null,
};

/** One paragraph of the line: its words and the host's link. */
function paragraph({ text, link }: Line) {
  const p = document.createElement('p');
  p.append(text);
  if (link) {
    p.append(
      ' ',
      Object.assign(document.createElement('a'), {
        href: link.href,
        textContent: link.text,
        target: '_blank',
        rel: 'noopener',
      }),
    );
  }
  return p;
}

/**
 * Shows the line at the top of every view of the editor (above Decap's own, which it pushes down)
 * and keeps it current (every 30 s while in view); returns the region below it where the editor's
 * failures are said (failures.ts).
 */
export function showStatus(config: StatusConfig): HTMLElement {
  const bar = Object.assign(document.createElement('div'), { className: 'editor-bar' });
  const line = document.createElement('div');
  line.className = 'publish-status';
  line.setAttribute('role', 'status');
  const failures = Object.assign(document.createElement('div'), { className: 'editor-failures' });
  failures.setAttribute('role', 'alert');
  bar.append(line, failures);
  document.body.prepend(bar);
  // Decap's views are placed below the bar, whatever its height.
  new ResizeObserver(() => {
    document.documentElement.style.setProperty('--editor-bar-height', `${bar.offsetHeight}px`);
  }).observe(bar);
  const refresh = async () => {
    if (document.visibilityState === 'hidden') return;
    const token = signedIn();
    const answers = token && config.githubApi ? await gather(config, token) : none;
    const status = decide(config, Boolean(token), answers);
    line.dataset.state = status.drafts.length > 0 ? 'failed' : status.state;
    line.replaceChildren(paragraph(status), ...status.drafts.map(paragraph));
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
  return failures;
}
