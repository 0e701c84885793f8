// A stand-in for GitHub's REST API over a real Git repository (a bare one in a temporary folder,
// written with git's own plumbing), so that blobs, trees, commits, refs and merges behave as
// GitHub's do. It answers what our code and Decap's editor call:
// - the contents API, as the review publisher uses it, within GitHub's documented secondary limits
//   on content-creating requests (80 a minute, 500 an hour: past them, 403);
// - the Git data API, branches, compare, pull requests, their labels and merge, and commit
//   statuses, as Decap's GitHub backend uses them in its editorial workflow (drafts as branches and
//   pull requests, "View preview" from a status whose context names a deploy) and as the editor's
//   status line reads them.
// Each request body and each answer is checked against GitHub's published REST description
// (./openapi/rest.json), so that tests pass only on requests GitHub accepts and on answers
// shaped as GitHub's. What the fake refused as GitHub would is listed in `refused`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
/** OpenAPI 3.0's `nullable` beside no `type` (which Ajv refuses) as JSON Schema says it. */
const nullable = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(nullable);
  if (!node || typeof node !== 'object') return node;
  const { nullable: orNull, ...rest } = node as Record<string, unknown>;
  const schema = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, nullable(value)]),
  );
  if (orNull !== true) return schema;
  return schema.type === undefined
    ? { anyOf: [schema, { type: 'null' }] }
    : { ...schema, nullable: true };
};
const description = nullable(
  JSON.parse(readFileSync(new URL('./openapi/rest.json', import.meta.url), 'utf8')),
) as { paths: Record<string, Record<string, Operation>> };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// GitHub's own format: a repository's owner/name.
ajv.addFormat('repo.nwo', /^[\w.-]+\/[\w.-]+$/);
const compiled = new Map<string, ValidateFunction>();
/** The schema of an operation's request body, or of one of its answers, compiled once. */
function schemaOf(path: string, method: string, status?: number): ValidateFunction | null {
  const key = `${method} ${path} ${status ?? 'request'}`;
  if (!compiled.has(key)) {
    const operation = description.paths[path]?.[method];
    if (!operation) throw new Error(`rest.json has no ${method} ${path}`);
    const content =
      status === undefined
        ? operation.requestBody?.content
        : operation.responses[String(status)]?.content;
    const schema = content?.['application/json']?.schema;
    compiled.set(key, schema ? ajv.compile(schema) : (null as unknown as ValidateFunction));
  }
  return compiled.get(key) ?? null;
}

const DOCS = 'https://docs.github.com/rest';
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A refusal or a plain negative answer: GitHub's `{ message, documentation_url }`. */
class Answer {
  constructor(
    readonly status: number,
    readonly message: string,
    /** Whether GitHub refused the request (rather than answering that something is not there). */
    readonly refusal = true,
  ) {}
}
const refuse = (status: number, message: string) => new Answer(status, message);
const notFound = () => new Answer(404, 'Not Found', false);

export type FakeGitHubOptions = {
  repo?: string;
  token?: string;
  branches?: string[];
  /** GitHub's secondary limits on content-creating requests (80 a minute, 500 an hour). */
  writeLimits?: { perMinute: number; perHour: number };
  /** Files of a folder on disk to commit to the first branch at the start (the project's content). */
  seed?: { from: string; paths: string[] };
  /** The signed-in user the token belongs to. */
  login?: string;
  /** Where it listens (0: any free port). */
  port?: number;
};

type PullRequest = {
  number: number;
  title: string;
  body: string | null;
  head: string;
  base: string;
  headSha: string;
  baseSha: string;
  state: 'open' | 'closed';
  labels: string[];
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  mergeCommit: string | null;
};

type Status = {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  target_url: string | null;
  created_at: string;
};

export async function startFakeGitHub({
  repo = 'saanjhstudio/site',
  token = 'github-test-token',
  branches = ['main'],
  writeLimits = { perMinute: 80, perHour: 500 },
  seed,
  login = 'studio-editor',
  port = 0,
}: FakeGitHubOptions = {}) {
  const [owner, name] = repo.split('/') as [string, string];
  const gitDir = mkdtempSync(path.join(os.tmpdir(), 'fake-github-'));
  const identity = {
    GIT_AUTHOR_NAME: 'Studio Editor',
    GIT_AUTHOR_EMAIL: `${login}@users.noreply.github.com`,
    GIT_COMMITTER_NAME: 'GitHub',
    GIT_COMMITTER_EMAIL: 'noreply@github.com',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
  };
  const gitBytes = (args: string[], input?: Buffer | string, env: Record<string, string> = {}) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], {
      input,
      env: { ...process.env, ...identity, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  const git = (args: string[], input?: Buffer | string, env?: Record<string, string>) =>
    gitBytes(args, input, env).toString('utf8').trim();
  /** The object a name resolves to (a sha, `main`, `main:content`), or null. */
  const resolve = (rev: string, type: 'commit' | 'tree' | 'blob') => {
    try {
      // A path after a colon is taken whole, so an object named by one is not peeled.
      if (!rev.includes(':')) return git(['rev-parse', '--verify', '--quiet', `${rev}^{${type}}`]);
      const sha = git(['rev-parse', '--verify', '--quiet', rev]);
      return git(['cat-file', '-t', sha]) === type ? sha : null;
    } catch {
      return null;
    }
  };
  const branchSha = (branch: string) => {
    try {
      return git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
    } catch {
      return null;
    }
  };
  /** A tree made from a base tree (or none) and changes: path → blob sha, or null to remove. */
  const writeTree = (
    base: string | null,
    changes: { path: string; mode: string; sha: string | null }[],
  ) => {
    const index = path.join(gitDir, `index-${process.pid}-${Date.now()}-${Math.random()}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      if (base) git(['read-tree', base], undefined, env);
      else git(['read-tree', '--empty'], undefined, env);
      for (const change of changes) {
        if (change.sha === null)
          git(['update-index', '--force-remove', '--', change.path], undefined, env);
        else
          git(
            ['update-index', '--add', '--cacheinfo', `${change.mode},${change.sha},${change.path}`],
            undefined,
            env,
          );
      }
      return git(['write-tree'], undefined, env);
    } finally {
      rmSync(index, { force: true });
    }
  };
  const commitTree = (
    tree: string,
    parents: string[],
    message: string,
    env: Record<string, string> = {},
  ) => git(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])], message, env);
  const setBranch = (branch: string, sha: string) =>
    git(['update-ref', `refs/heads/${branch}`, sha]);

  execFileSync('git', ['init', '--quiet', '--bare', gitDir]);
  for (const branch of branches) setBranch(branch, commitTree(EMPTY_TREE, [], 'Initial commit'));
  if (seed) {
    const index = path.join(gitDir, 'seed-index');
    const env = { GIT_INDEX_FILE: index };
    execFileSync('git', ['--git-dir', gitDir, '--work-tree', '.', 'add', '--', ...seed.paths], {
      cwd: seed.from,
      env: { ...process.env, ...identity, ...env },
    });
    const tree = git(['write-tree'], undefined, env);
    rmSync(index);
    setBranch(branches[0]!, commitTree(tree, [branchSha(branches[0]!)!], 'The site as it is'));
  }

  /** When each write was accepted: past a limit, GitHub answers 403 for a while. */
  const writes: number[] = [];
  const requests: { method: string; path: string; body: unknown }[] = [];
  const refused: string[] = [];
  const pulls: PullRequest[] = [];
  const statuses: Status[] = [];
  const labelIds = new Map<string, number>();
  let base = '';

  // GitHub's objects, as its answers carry them.
  const api = () => `${base}/repos/${repo}`;
  const html = `https://github.com/${repo}`;
  const userOf = (who: string) => ({
    login: who,
    id: 1000 + who.length,
    node_id: `U_${who}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${1000 + who.length}`,
    gravatar_id: '',
    url: `${base}/users/${who}`,
    html_url: `https://github.com/${who}`,
    followers_url: `${base}/users/${who}/followers`,
    following_url: `${base}/users/${who}/following{/other_user}`,
    gists_url: `${base}/users/${who}/gists{/gist_id}`,
    starred_url: `${base}/users/${who}/starred{/owner}{/repo}`,
    subscriptions_url: `${base}/users/${who}/subscriptions`,
    organizations_url: `${base}/users/${who}/orgs`,
    repos_url: `${base}/users/${who}/repos`,
    events_url: `${base}/users/${who}/events{/privacy}`,
    received_events_url: `${base}/users/${who}/received_events`,
    type: 'User',
    site_admin: false,
  });
  const profileOf = (who: string) => ({
    ...userOf(who),
    name: 'Studio Editor',
    company: null,
    blog: '',
    location: 'Vancouver',
    email: null,
    hireable: null,
    bio: null,
    public_repos: 1,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });
  const repoUrls = () => {
    const a = api();
    return {
      url: a,
      html_url: html,
      archive_url: `${a}/{archive_format}{/ref}`,
      assignees_url: `${a}/assignees{/user}`,
      blobs_url: `${a}/git/blobs{/sha}`,
      branches_url: `${a}/branches{/branch}`,
      collaborators_url: `${a}/collaborators{/collaborator}`,
      comments_url: `${a}/comments{/number}`,
      commits_url: `${a}/commits{/sha}`,
      compare_url: `${a}/compare/{base}...{head}`,
      contents_url: `${a}/contents/{+path}`,
      contributors_url: `${a}/contributors`,
      deployments_url: `${a}/deployments`,
      downloads_url: `${a}/downloads`,
      events_url: `${a}/events`,
      forks_url: `${a}/forks`,
      git_commits_url: `${a}/git/commits{/sha}`,
      git_refs_url: `${a}/git/refs{/sha}`,
      git_tags_url: `${a}/git/tags{/sha}`,
      hooks_url: `${a}/hooks`,
      issue_comment_url: `${a}/issues/comments{/number}`,
      issue_events_url: `${a}/issues/events{/number}`,
      issues_url: `${a}/issues{/number}`,
      keys_url: `${a}/keys{/key_id}`,
      labels_url: `${a}/labels{/name}`,
      languages_url: `${a}/languages`,
      merges_url: `${a}/merges`,
      milestones_url: `${a}/milestones{/number}`,
      notifications_url: `${a}/notifications{?since,all,participating}`,
      pulls_url: `${a}/pulls{/number}`,
      releases_url: `${a}/releases{/id}`,
      stargazers_url: `${a}/stargazers`,
      statuses_url: `${a}/statuses/{sha}`,
      subscribers_url: `${a}/subscribers`,
      subscription_url: `${a}/subscription`,
      tags_url: `${a}/tags`,
      teams_url: `${a}/teams`,
      trees_url: `${a}/git/trees{/sha}`,
    };
  };
  const minimalRepository = () => ({
    id: 4242,
    node_id: 'R_site',
    name,
    full_name: repo,
    owner: userOf(owner),
    private: true,
    description: null,
    fork: false,
    ...repoUrls(),
  });
  const repository = () => ({
    ...minimalRepository(),
    clone_url: `${html}.git`,
    git_url: `git://github.com/${repo}.git`,
    ssh_url: `git@github.com:${repo}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    default_branch: branches[0]!,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    open_issues: pulls.filter((pull) => pull.state === 'open').length,
    open_issues_count: pulls.filter((pull) => pull.state === 'open').length,
    size: 1,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: '2026-01-01T00:00:00Z',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
  });
  const gitCommitOf = (sha: string) => {
    const [tree, parents, an, ae, ad, cn, ce, cd, ...message] = git([
      'show',
      '-s',
      '--format=%T%n%P%n%an%n%ae%n%aI%n%cn%n%ce%n%cI%n%B',
      sha,
    ]).split('\n');
    return {
      sha,
      node_id: `C_${sha}`,
      url: `${api()}/git/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
      author: { name: an!, email: ae!, date: new Date(ad!).toISOString().replace('.000', '') },
      committer: { name: cn!, email: ce!, date: new Date(cd!).toISOString().replace('.000', '') },
      message: message.join('\n'),
      tree: { sha: tree!, url: `${api()}/git/trees/${tree}` },
      parents: (parents ? parents.split(' ') : []).map((parent) => ({
        sha: parent,
        url: `${api()}/git/commits/${parent}`,
        html_url: `${html}/commit/${parent}`,
      })),
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    };
  };
  /** A commit as the commits, branches and compare APIs show it. */
  const commitOf = (sha: string) => {
    const { author, committer, message, tree, parents, verification } = gitCommitOf(sha);
    return {
      sha,
      node_id: `C_${sha}`,
      url: `${api()}/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
      comments_url: `${api()}/commits/${sha}/comments`,
      commit: {
        author,
        committer,
        message,
        tree,
        url: `${api()}/git/commits/${sha}`,
        comment_count: 0,
        verification,
      },
      author: userOf(login),
      committer: userOf('web-flow'),
      parents: parents.map(({ sha: parent, html_url }) => ({
        sha: parent,
        url: `${api()}/commits/${parent}`,
        html_url,
      })),
    };
  };
  const refOf = (ref: string, sha: string) => ({
    ref,
    node_id: `REF_${ref}`,
    url: `${api()}/git/${ref}`,
    object: { type: 'commit', sha, url: `${api()}/git/commits/${sha}` },
  });
  const treeOf = (sha: string, recursive: boolean) => ({
    sha,
    url: `${api()}/git/trees/${sha}`,
    truncated: false,
    tree: git(['ls-tree', '-l', ...(recursive ? ['-r', '-t'] : []), sha])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = line.split('\t') as [string, string];
        const [mode, type, object, size] = meta.split(/\s+/) as [string, string, string, string];
        return {
          path: file,
          mode,
          type,
          sha: object,
          ...(type === 'blob' && { size: Number(size) }),
          url: `${api()}/git/${type === 'blob' ? 'blobs' : 'trees'}/${object}`,
        };
      }),
  });
  const labelOf = (label: string) => {
    if (!labelIds.has(label)) labelIds.set(label, labelIds.size + 1);
    const id = labelIds.get(label)!;
    return {
      id,
      node_id: `LA_${id}`,
      url: `${api()}/labels/${encodeURIComponent(label)}`,
      name: label,
      description: null,
      color: 'ededed',
      default: false,
    };
  };
  const branchRef = (pull: PullRequest, side: 'head' | 'base') => {
    const ref = pull[side];
    const sha =
      side === 'head' ? (branchSha(ref) ?? pull.headSha) : (branchSha(ref) ?? pull.baseSha);
    return { label: `${owner}:${ref}`, ref, sha, user: userOf(owner), repo: repository() };
  };
  const pullOf = (pull: PullRequest, full: boolean) => {
    const url = `${api()}/pulls/${pull.number}`;
    const simple = {
      url,
      id: 7000 + pull.number,
      node_id: `PR_${pull.number}`,
      html_url: `${html}/pull/${pull.number}`,
      diff_url: `${html}/pull/${pull.number}.diff`,
      patch_url: `${html}/pull/${pull.number}.patch`,
      issue_url: `${api()}/issues/${pull.number}`,
      commits_url: `${url}/commits`,
      review_comments_url: `${url}/comments`,
      review_comment_url: `${api()}/pulls/comments{/number}`,
      comments_url: `${api()}/issues/${pull.number}/comments`,
      statuses_url: `${api()}/statuses/${pull.headSha}`,
      number: pull.number,
      state: pull.state,
      locked: false,
      title: pull.title,
      user: userOf(login),
      body: pull.body,
      labels: pull.labels.map(labelOf),
      milestone: null,
      active_lock_reason: null,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.closedAt,
      merged_at: pull.mergedAt,
      merge_commit_sha: pull.mergeCommit,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: branchRef(pull, 'head'),
      base: branchRef(pull, 'base'),
      _links: {
        self: { href: url },
        html: { href: `${html}/pull/${pull.number}` },
        issue: { href: `${api()}/issues/${pull.number}` },
        comments: { href: `${api()}/issues/${pull.number}/comments` },
        review_comments: { href: `${url}/comments` },
        review_comment: { href: `${api()}/pulls/comments{/number}` },
        commits: { href: `${url}/commits` },
        statuses: { href: `${api()}/statuses/${pull.headSha}` },
      },
      author_association: 'COLLABORATOR',
      auto_merge: null,
      draft: false,
    };
    if (!full) return simple;
    const ahead = pull.state === 'open' ? compare(pull.base, pull.head) : null;
    return {
      ...simple,
      merged: pull.mergedAt !== null,
      mergeable: pull.state === 'open' ? true : null,
      rebaseable: null,
      mergeable_state: pull.state === 'open' ? 'clean' : 'unknown',
      merged_by: pull.mergedAt ? userOf(login) : null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: ahead?.total_commits ?? 0,
      additions: ahead?.files.reduce((sum, file) => sum + file.additions, 0) ?? 0,
      deletions: ahead?.files.reduce((sum, file) => sum + file.deletions, 0) ?? 0,
      changed_files: ahead?.files.length ?? 0,
    };
  };
  /** GitHub's three-dot compare: the commits and file changes of `head` since it left `base`. */
  const compare = (baseRev: string, headRev: string) => {
    const baseCommit = resolve(baseRev, 'commit');
    const headCommit = resolve(headRev, 'commit');
    if (!baseCommit || !headCommit) return null;
    const mergeBase = git(['merge-base', baseCommit, headCommit]);
    const ahead = git(['rev-list', '--reverse', `${mergeBase}..${headCommit}`])
      .split('\n')
      .filter(Boolean);
    const behind = Number(git(['rev-list', '--count', `${headCommit}..${baseCommit}`]));
    const numstat = new Map(
      git(['diff', '--numstat', '--no-renames', mergeBase, headCommit])
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [added, deleted, file] = line.split('\t') as [string, string, string];
          return [file, { added, deleted }];
        }),
    );
    const files = git(['diff', '--raw', '--no-renames', '--no-abbrev', mergeBase, headCommit])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = line.split('\t') as [string, string];
        const [, , , blob, letter] = meta.split(' ') as string[];
        const removed = letter === 'D';
        const counts = numstat.get(file)!;
        const binary = counts.added === '-';
        const patch = binary
          ? undefined
          : git(['diff', mergeBase, headCommit, '--', file]).replace(/^[\s\S]*?(?=^@@)/m, '');
        const additions = binary ? 0 : Number(counts.added);
        const deletions = binary ? 0 : Number(counts.deleted);
        const at = removed ? mergeBase : headCommit;
        return {
          sha: removed ? null : blob!,
          filename: file,
          status: removed ? 'removed' : letter === 'A' ? 'added' : 'modified',
          additions,
          deletions,
          changes: additions + deletions,
          blob_url: `${html}/blob/${at}/${file}`,
          raw_url: `${html}/raw/${at}/${file}`,
          contents_url: `${api()}/contents/${file}?ref=${at}`,
          ...(patch !== undefined && { patch }),
        };
      });
    return {
      url: `${api()}/compare/${baseRev}...${headRev}`,
      html_url: `${html}/compare/${baseRev}...${headRev}`,
      permalink_url: `${html}/compare/${owner}:${baseCommit}...${owner}:${headCommit}`,
      diff_url: `${html}/compare/${baseRev}...${headRev}.diff`,
      patch_url: `${html}/compare/${baseRev}...${headRev}.patch`,
      base_commit: commitOf(baseCommit),
      merge_base_commit: commitOf(mergeBase),
      status:
        ahead.length && behind
          ? 'diverged'
          : ahead.length
            ? 'ahead'
            : behind
              ? 'behind'
              : 'identical',
      ahead_by: ahead.length,
      behind_by: behind,
      total_commits: ahead.length,
      commits: ahead.map(commitOf),
      files,
    };
  };
  /** `owner:branch` (as Decap names a head) or a plain branch or sha. */
  const revOf = (name: string) =>
    name.startsWith(`${owner}:`) ? name.slice(owner.length + 1) : name;
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const combinedStatus = (sha: string) => {
    // The latest status of each context, newest first.
    const latest = [...statuses]
      .reverse()
      .filter(
        (status, index, all) =>
          status.sha === sha &&
          all.findIndex((s) => s.sha === sha && s.context === status.context) === index,
      );
    const state = latest.some((s) => s.state === 'error' || s.state === 'failure')
      ? 'failure'
      : latest.length === 0 || latest.some((s) => s.state === 'pending')
        ? 'pending'
        : 'success';
    return {
      state,
      sha,
      total_count: latest.length,
      statuses: latest.map(statusOf),
      repository: minimalRepository(),
      commit_url: `${api()}/commits/${sha}`,
      url: `${api()}/commits/${sha}/status`,
    };
  };
  const statusOf = (status: Status) => ({
    id: status.id,
    node_id: `SC_${status.id}`,
    url: `${api()}/statuses/${status.sha}`,
    avatar_url: null,
    state: status.state,
    description: status.description,
    target_url: status.target_url,
    context: status.context,
    created_at: status.created_at,
    updated_at: status.created_at,
    creator: userOf('github-actions'),
  });

  /** A content-creating request within GitHub's secondary limits, or the refusal past them. */
  const countWrite = () => {
    const at = Date.now();
    const inMinute = writes.filter((time) => time > at - 60_000).length;
    const inHour = writes.filter((time) => time > at - 3_600_000).length;
    if (inMinute >= writeLimits.perMinute || inHour >= writeLimits.perHour) {
      return refuse(
        403,
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      );
    }
    writes.push(at);
    return null;
  };

  type Handler = (
    params: string[],
    // Checked against the operation's request schema before a handler reads it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: any,
    query: URLSearchParams,
  ) => [number, unknown] | Answer;
  const r = `/repos/${repo}`;
  const routes: [method: string, pattern: RegExp, operation: string, handler: Handler][] = [
    [
      'GET',
      /^\/user$/,
      '/user',
      () => [
        200,
        {
          ...profileOf(login),
          private_gists: 0,
          total_private_repos: 1,
          owned_private_repos: 0,
          disk_usage: 1,
          collaborators: 0,
          two_factor_authentication: true,
        },
      ],
    ],
    ['GET', /^\/users\/([^/]+)$/, '/users/{username}', ([who]) => [200, profileOf(who!)]],
    [
      'GET',
      /^\/search\/issues$/,
      '/search/issues',
      () => [200, { total_count: 0, incomplete_results: false, items: [], search_type: 'lexical' }],
    ],
    [
      `GET`,
      new RegExp(`^${r}$`),
      '/repos/{owner}/{repo}',
      () => [200, { ...repository(), network_count: 0, subscribers_count: 0 }],
    ],
    [
      'GET',
      new RegExp(`^${r}/branches/(.+)$`),
      '/repos/{owner}/{repo}/branches/{branch}',
      ([branch]) => {
        const sha = branchSha(branch!);
        if (!sha) return notFound();
        return [
          200,
          {
            name: branch,
            commit: commitOf(sha),
            _links: { html: `${html}/tree/${branch}`, self: `${api()}/branches/${branch}` },
            protected: false,
            protection: {
              enabled: false,
              required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
            },
            protection_url: `${api()}/branches/${branch}/protection`,
          },
        ];
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/contents/(.+)$`),
      '/repos/{owner}/{repo}/contents/{path}',
      ([file], _body, query) => {
        const ref = query.get('ref') ?? branches[0]!;
        const blob = resolve(`${ref}:${file}`, 'blob');
        // No such file: GitHub's answer, not a refusal of the request.
        if (!blob) return notFound();
        const bytes = gitBytes(['cat-file', 'blob', blob]);
        const self = `${api()}/contents/${file}?ref=${ref}`;
        return [
          200,
          {
            type: 'file',
            encoding: 'base64',
            size: bytes.length,
            name: path.posix.basename(file!),
            path: file,
            // GitHub wraps the base64 at 60 characters.
            content: bytes.toString('base64').replace(/.{60}/g, '$&\n'),
            sha: blob,
            url: self,
            git_url: `${api()}/git/blobs/${blob}`,
            html_url: `${html}/blob/${ref}/${file}`,
            download_url: `https://raw.githubusercontent.com/${repo}/${ref}/${file}`,
            _links: {
              self,
              git: `${api()}/git/blobs/${blob}`,
              html: `${html}/blob/${ref}/${file}`,
            },
          },
        ];
      },
    ],
    [
      'PUT',
      new RegExp(`^${r}/contents/(.+)$`),
      '/repos/{owner}/{repo}/contents/{path}',
      ([file], body) => {
        const {
          content,
          sha,
          branch: named,
          message,
        } = body as { content: string; sha?: string; branch?: string; message: string };
        const branch = named ?? branches[0]!;
        const head = branchSha(branch);
        if (!head) return refuse(404, `Branch ${branch} not found`);
        const bytes = Buffer.from(content, 'base64');
        if (bytes.toString('base64') !== content) return refuse(422, 'content is not valid Base64');
        const current = resolve(`${head}:${file}`, 'blob');
        if (current && !sha) return refuse(422, `Invalid request.\n\n"sha" wasn't supplied.`);
        if (current && sha !== current) return refuse(409, `${file} does not match ${sha}`);
        const blob = git(['hash-object', '-w', '--stdin'], bytes);
        const commit = commitTree(
          writeTree(head, [{ path: file!, mode: '100644', sha: blob }]),
          [head],
          message,
        );
        setBranch(branch, commit);
        const self = `${api()}/contents/${file}`;
        return [
          current ? 200 : 201,
          {
            content: {
              name: path.posix.basename(file!),
              path: file,
              sha: blob,
              size: bytes.length,
              url: self,
              html_url: `${html}/blob/${branch}/${file}`,
              git_url: `${api()}/git/blobs/${blob}`,
              download_url: `https://raw.githubusercontent.com/${repo}/${branch}/${file}`,
              type: 'file',
              _links: {
                self,
                git: `${api()}/git/blobs/${blob}`,
                html: `${html}/blob/${branch}/${file}`,
              },
            },
            commit: gitCommitOf(commit),
          },
        ];
      },
    ],
    [
      'POST',
      new RegExp(`^${r}/git/blobs$`),
      '/repos/{owner}/{repo}/git/blobs',
      (_p, { content, encoding = 'utf-8' }) => {
        const bytes = Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8');
        const sha = git(['hash-object', '-w', '--stdin'], bytes);
        return [201, { sha, url: `${api()}/git/blobs/${sha}` }];
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/git/blobs/([0-9a-f]{40})$`),
      '/repos/{owner}/{repo}/git/blobs/{file_sha}',
      ([sha]) => {
        if (!resolve(sha!, 'blob')) return notFound();
        const bytes = gitBytes(['cat-file', 'blob', sha!]);
        return [
          200,
          {
            sha,
            node_id: `B_${sha}`,
            url: `${api()}/git/blobs/${sha}`,
            size: bytes.length,
            content: bytes.toString('base64').replace(/.{60}/g, '$&\n'),
            encoding: 'base64',
          },
        ];
      },
    ],
    [
      'POST',
      new RegExp(`^${r}/git/trees$`),
      '/repos/{owner}/{repo}/git/trees',
      (_p, { base_tree, tree }) => {
        const baseTree = base_tree ? resolve(base_tree, 'tree') : null;
        if (base_tree && !baseTree) return refuse(422, 'base_tree is not a valid tree oid');
        const changes = [];
        for (const entry of tree as {
          path: string;
          mode: string;
          type: string;
          sha?: string | null;
          content?: string;
        }[]) {
          const sha =
            entry.content !== undefined
              ? git(['hash-object', '-w', '--stdin'], entry.content)
              : (entry.sha ?? null);
          if (sha && !resolve(sha, entry.type === 'tree' ? 'tree' : 'blob'))
            return refuse(422, 'tree.sha is not a valid blob');
          changes.push({ path: entry.path, mode: entry.mode, sha });
        }
        const sha = writeTree(baseTree, changes);
        return [201, treeOf(sha, false)];
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/git/trees/(.+)$`),
      '/repos/{owner}/{repo}/git/trees/{tree_sha}',
      ([name], _body, query) => {
        const sha = resolve(name!, 'tree');
        if (!sha) return notFound();
        return [200, treeOf(sha, Boolean(query.get('recursive')))];
      },
    ],
    [
      'POST',
      new RegExp(`^${r}/git/commits$`),
      '/repos/{owner}/{repo}/git/commits',
      (_p, { message, tree, parents = [], author }) => {
        if (!resolve(tree, 'tree')) return refuse(422, 'Tree SHA does not exist');
        if ((parents as string[]).some((parent) => !resolve(parent, 'commit')))
          return refuse(422, 'Parent SHA does not exist or is not a commit object');
        const env: Record<string, string> = author
          ? {
              GIT_AUTHOR_NAME: author.name,
              GIT_AUTHOR_EMAIL: author.email,
              ...(author.date && { GIT_AUTHOR_DATE: author.date }),
            }
          : {};
        return [201, gitCommitOf(commitTree(tree, parents, message, env))];
      },
    ],
    [
      'POST',
      new RegExp(`^${r}/git/refs$`),
      '/repos/{owner}/{repo}/git/refs',
      (_p, { ref, sha }) => {
        if (!/^refs\/[^/]+\/.+/.test(ref))
          return refuse(
            422,
            "Reference name must start with 'refs/' and have at least two slashes",
          );
        if (!resolve(sha, 'commit')) return refuse(422, 'Object does not exist');
        try {
          git(['update-ref', ref, sha, '0'.repeat(40)]);
        } catch {
          return refuse(422, 'Reference already exists');
        }
        return [201, refOf(ref, sha)];
      },
    ],
    [
      'PATCH',
      new RegExp(`^${r}/git/refs/(.+)$`),
      '/repos/{owner}/{repo}/git/refs/{ref}',
      ([name], { sha, force = false }) => {
        const ref = `refs/${name}`;
        const current = resolve(ref, 'commit');
        if (!current) return refuse(422, 'Reference does not exist');
        if (!resolve(sha, 'commit')) return refuse(422, 'Object does not exist');
        if (!force) {
          try {
            git(['merge-base', '--is-ancestor', current, sha]);
          } catch {
            return refuse(422, 'Update is not a fast forward');
          }
        }
        git(['update-ref', ref, sha, current]);
        return [200, refOf(ref, sha)];
      },
    ],
    [
      'DELETE',
      new RegExp(`^${r}/git/refs/(.+)$`),
      '/repos/{owner}/{repo}/git/refs/{ref}',
      ([name]) => {
        const ref = `refs/${name}`;
        if (!resolve(ref, 'commit')) return refuse(422, 'Reference does not exist');
        git(['update-ref', '-d', ref]);
        return [204, null];
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/commits$`),
      '/repos/{owner}/{repo}/commits',
      (_p, _body, query) => {
        const from = resolve(query.get('sha') ?? branches[0]!, 'commit');
        if (!from) return notFound();
        const file = query.get('path');
        const perPage = Number(query.get('per_page') ?? 30);
        const shas = git([
          'log',
          '--format=%H',
          `-n${perPage}`,
          from,
          ...(file ? ['--', file] : []),
        ])
          .split('\n')
          .filter(Boolean);
        return [200, shas.map(commitOf)];
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/commits/(.+)/status$`),
      '/repos/{owner}/{repo}/commits/{ref}/status',
      ([ref]) => {
        const sha = resolve(ref!, 'commit');
        if (!sha) return notFound();
        return [200, combinedStatus(sha)];
      },
    ],
    [
      'POST',
      new RegExp(`^${r}/statuses/([0-9a-f]{40})$`),
      '/repos/{owner}/{repo}/statuses/{sha}',
      ([sha], { state, target_url = null, description = null, context = 'default' }) => {
        if (!resolve(sha!, 'commit')) return refuse(422, `No commit found for SHA: ${sha}`);
        if (description && description.length > 140) {
          return refuse(
            422,
            'Validation Failed: description is too long (maximum is 140 characters)',
          );
        }
        const status: Status = {
          id: statuses.length + 1,
          sha: sha!,
          state,
          context,
          description,
          target_url,
          created_at: now(),
        };
        statuses.push(status);
        return [201, statusOf(status)];
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/compare/(.+)\\.\\.\\.(.+)$`),
      '/repos/{owner}/{repo}/compare/{basehead}',
      ([from, to]) => {
        const answer = compare(revOf(from!), revOf(to!));
        return answer ? [200, answer] : notFound();
      },
    ],
    [
      'GET',
      new RegExp(`^${r}/pulls$`),
      '/repos/{owner}/{repo}/pulls',
      (_p, _body, query) => {
        const state = query.get('state') ?? 'open';
        const head = query.get('head');
        const baseBranch = query.get('base');
        const found = pulls.filter(
          (pull) =>
            (state === 'all' || pull.state === state) &&
            (!head || `${owner}:${pull.head}` === head) &&
            (!baseBranch || pull.base === baseBranch),
        );
        return [200, found.reverse().map((pull) => pullOf(pull, false))];
      },
    ],
    [
      'POST',
      new RegExp(`^${r}/pulls$`),
      '/repos/{owner}/{repo}/pulls',
      (_p, { title, body = null, head, base: into }) => {
        const headBranch = revOf(head);
        const headSha = branchSha(headBranch);
        const baseSha = branchSha(into);
        if (!headSha || !baseSha) return refuse(422, 'Validation Failed');
        if (
          pulls.some(
            (pull) => pull.state === 'open' && pull.head === headBranch && pull.base === into,
          )
        ) {
          return refuse(422, `A pull request already exists for ${owner}:${headBranch}.`);
        }
        if (compare(into, headBranch)!.ahead_by === 0)
          return refuse(422, `No commits between ${into} and ${headBranch}`);
        const at = now();
        const pull: PullRequest = {
          number: pulls.length + 1,
          title,
          body,
          head: headBranch,
          base: into,
          headSha,
          baseSha,
          state: 'open',
          labels: [],
          createdAt: at,
          updatedAt: at,
          closedAt: null,
          mergedAt: null,
          mergeCommit: null,
        };
        pulls.push(pull);
        return [201, pullOf(pull, true)];
      },
    ],
    [
      'PATCH',
      new RegExp(`^${r}/pulls/(\\d+)$`),
      '/repos/{owner}/{repo}/pulls/{pull_number}',
      ([number], { state, title, body }) => {
        const pull = pulls.find((each) => each.number === Number(number));
        if (!pull) return notFound();
        if (pull.mergedAt && state === 'open') return refuse(422, 'Validation Failed');
        if (title !== undefined) pull.title = title;
        if (body !== undefined) pull.body = body;
        if (state) {
          pull.state = state;
          pull.closedAt = state === 'closed' ? now() : null;
        }
        pull.updatedAt = now();
        return [200, pullOf(pull, true)];
      },
    ],
    [
      'PUT',
      new RegExp(`^${r}/pulls/(\\d+)/merge$`),
      '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
      ([number], { commit_title, commit_message, sha, merge_method = 'merge' }) => {
        const pull = pulls.find((each) => each.number === Number(number));
        if (!pull) return notFound();
        const head = branchSha(pull.head);
        const into = branchSha(pull.base);
        if (pull.state !== 'open' || !head || !into)
          return refuse(405, 'Pull Request is not mergeable');
        if (sha && sha !== head)
          return refuse(409, 'Head branch was modified. Review and try the merge again.');
        if (merge_method === 'rebase')
          return refuse(405, 'Rebase merges are not allowed on this repository.');
        let tree: string;
        try {
          tree = git(['merge-tree', '--write-tree', into, head]).split('\n')[0]!;
        } catch {
          return refuse(405, 'Pull Request is not mergeable');
        }
        const titleLine =
          commit_title ??
          (merge_method === 'squash'
            ? `${pull.title} (#${pull.number})`
            : `Merge pull request #${pull.number} from ${owner}/${pull.head}`);
        const message = commit_message ? `${titleLine}\n\n${commit_message}` : titleLine;
        const merged = commitTree(tree, merge_method === 'squash' ? [into] : [into, head], message);
        setBranch(pull.base, merged);
        const at = now();
        Object.assign(pull, {
          state: 'closed',
          headSha: head,
          baseSha: into,
          mergedAt: at,
          closedAt: at,
          updatedAt: at,
          mergeCommit: merged,
        });
        return [200, { sha: merged, merged: true, message: 'Pull Request successfully merged' }];
      },
    ],
    [
      'PUT',
      new RegExp(`^${r}/issues/(\\d+)/labels$`),
      '/repos/{owner}/{repo}/issues/{issue_number}/labels',
      ([number], { labels = [] }) => {
        const pull = pulls.find((each) => each.number === Number(number));
        if (!pull) return notFound();
        pull.labels = (labels as (string | { name: string })[]).map((label) =>
          typeof label === 'string' ? label : label.name,
        );
        pull.updatedAt = now();
        return [200, pull.labels.map(labelOf)];
      },
    ],
  ];
  /** The requests that create content, and so count against GitHub's secondary limits. */
  const creates = (method: string, operation: string) =>
    method !== 'GET' &&
    method !== 'DELETE' &&
    operation !== '/repos/{owner}/{repo}/issues/{issue_number}/labels';

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      // GitHub's 204 has no body and no Content-Type: Decap reads one that claims JSON as a
      // failure ("Failed to publish") although the request worked.
      if (status === 204) {
        response.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        return response.end();
      }
      response.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
      });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url!, base);
    // The editor in a browser asks first (CORS), as it does of api.github.com.
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Cache-Control, If-None-Match',
        'Access-Control-Max-Age': '600',
      });
      return response.end();
    }
    const raw = await read(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    requests.push({ method: request.method!, path: url.pathname + url.search, body });
    const answer = (result: Answer) => {
      if (result.refusal)
        refused.push(`${request.method} ${url.pathname}: ${result.status} ${result.message}`);
      send(result.status, { message: result.message, documentation_url: DOCS });
    };
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (!/^(token|Bearer)$/.test(scheme ?? '') || given !== token)
      return answer(refuse(401, 'Bad credentials'));
    const match = routes
      .filter(([method]) => method === request.method)
      .map(([, pattern, operation, handler]) => ({
        found: pattern.exec(url.pathname),
        operation,
        handler,
      }))
      .find(({ found }) => found);
    if (!match) return answer(refuse(404, 'Not Found'));
    const { found, operation, handler } = match;
    const method = request.method!.toLowerCase();
    const check = schemaOf(operation, method);
    if (check && !check(body ?? {}))
      return answer(refuse(422, `Invalid request.\n\n${ajv.errorsText(check.errors)}`));
    if (creates(request.method!, operation)) {
      const limited = countWrite();
      if (limited) return answer(limited);
    }
    const params = found!.slice(1).map((part) => part.split('/').map(decodeURIComponent).join('/'));
    const result = handler(params, body ?? {}, url.searchParams);
    if (result instanceof Answer) return answer(result);
    const [status, payload] = result;
    const shape = schemaOf(operation, method, status);
    if (shape && !shape(payload)) {
      refused.push(
        `the fake's own answer to ${request.method} ${url.pathname} is not GitHub's: ${ajv.errorsText(shape.errors)}`,
      );
      return send(500, { message: 'fake answer invalid' });
    }
    send(status, payload);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const show = (file: string, branch: string) => {
    const blob = resolve(`refs/heads/${branch}:${file}`, 'blob');
    return blob ? gitBytes(['cat-file', 'blob', blob]).toString('utf8') : undefined;
  };
  /** Commits a change to a file on a branch, as an edit on github.com would. */
  const change = (branch: string, file: string, text: string | null, message: string) => {
    const head = branchSha(branch)!;
    const sha = text === null ? null : git(['hash-object', '-w', '--stdin'], text);
    setBranch(
      branch,
      commitTree(writeTree(head, [{ path: file, mode: '100644', sha }]), [head], message),
    );
  };
  return {
    url: base,
    repo,
    token,
    login,
    requests,
    refused,
    /** A file on a branch, as the editor would see it. */
    file: (file: string, branch = branches[0]!) => show(file, branch),
    /** A file's bytes on a branch (a picture), or undefined. */
    bytes: (file: string, branch = branches[0]!) => {
      const blob = resolve(`refs/heads/${branch}:${file}`, 'blob');
      return blob ? gitBytes(['cat-file', 'blob', blob]) : undefined;
    },
    /** The studio edits a file in the editor (publishes it, say). */
    edit: (file: string, text: string, branch = branches[0]!) =>
      change(branch, file, text, `Update ${file}`),
    remove: (file: string, branch = branches[0]!) => change(branch, file, null, `Delete ${file}`),
    /** The commit a branch points at, or null. */
    head: (branch = branches[0]!) => branchSha(branch),
    /** The branches there are now. */
    branches: () =>
      git(['for-each-ref', '--format=%(refname:short)', 'refs/heads']).split('\n').filter(Boolean),
    pulls: () => pulls.map((pull) => ({ ...pull, headSha: branchSha(pull.head) ?? pull.headSha })),
    /** A commit status, as a host's build posts it (GitHub's POST /statuses/{sha}). */
    setStatus: async (
      sha: string,
      status: {
        state: Status['state'];
        context: string;
        target_url?: string;
        description?: string;
      },
    ) => {
      const answer = await fetch(`${base}/repos/${repo}/statuses/${sha}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(status),
      });
      if (answer.status !== 201) throw new Error(`status refused: ${await answer.text()}`);
    },
    close: () =>
      new Promise<void>((done) =>
        server.close(() => {
          rmSync(gitDir, { recursive: true, force: true });
          done();
        }),
      ),
  };
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>;
