// The repository the fake GitHub keeps: a real, bare Git repository in a temporary folder,
// written with git's own plumbing (so that blobs, trees, commits, refs and merges behave as
// GitHub's do), and the pull requests and commit statuses GitHub keeps beside it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export type PullRequest = {
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

export type Status = {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  target_url: string | null;
  created_at: string;
};

export type RepoOptions = {
  repo: string;
  branches: string[];
  login: string;
  /** Files of a folder on disk to commit to the first branch at the start (the project's content). */
  seed?: { from: string; paths: string[] };
};

export function createRepo({ repo, branches, login, seed }: RepoOptions) {
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
  /** `owner:branch` (as Decap names a head) or a plain branch or sha. */
  const revOf = (name: string) =>
    name.startsWith(`${owner}:`) ? name.slice(owner.length + 1) : name;
  return {
    repo,
    owner,
    name,
    branches,
    login,
    git,
    gitBytes,
    resolve,
    branchSha,
    writeTree,
    commitTree,
    setBranch,
    revOf,
    pulls: [] as PullRequest[],
    statuses: [] as Status[],
    /** Removes the repository from disk. */
    remove: () => rmSync(gitDir, { recursive: true, force: true }),
  };
}

export type Repo = ReturnType<typeof createRepo>;
