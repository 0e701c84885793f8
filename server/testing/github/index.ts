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
//
// One Hono sub-app per API area (account, contents, Git data, pull requests and labels, statuses),
// each operation answered through endpoint.ts, over the repository of repo.ts.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { account } from './account';
import { contents } from './contents';
import { answer, endpoint, refuse, type Fake, type FakeEnv } from './endpoint';
import { gitData } from './git-data';
import { pullRequests } from './pulls';
import { createRepo, type Status } from './repo';
import { githubShapes } from './shapes';
import { commitStatuses } from './statuses';

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

export async function startFakeGitHub({
  repo = 'saanjhstudio/site',
  token = 'github-test-token',
  branches = ['main'],
  writeLimits = { perMinute: 80, perHour: 500 },
  seed,
  login = 'studio-editor',
  port = 0,
}: FakeGitHubOptions = {}) {
  const store = createRepo({ repo, branches, login, seed });
  const { git, gitBytes, resolve, branchSha, writeTree, commitTree, setBranch, pulls } = store;
  let base = '';
  const shapes = githubShapes(store, () => base);

  /** When each write was accepted: past a limit, GitHub answers 403 for a while. */
  const writes: number[] = [];
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fake: Fake = {
    repo,
    refused: [],
    /** A content-creating request within GitHub's secondary limits, or the refusal past them. */
    countWrite() {
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
    },
  };
  const { refused } = fake;
  const on = endpoint(fake);

  const app = new Hono<FakeEnv>()
    .use(async (c, next) => {
      // The editor in a browser asks first (CORS), as it does of api.github.com.
      if (c.req.method === 'OPTIONS') {
        return c.body(null, 204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
          'Access-Control-Allow-Headers':
            'Authorization, Content-Type, Cache-Control, If-None-Match',
          'Access-Control-Max-Age': '600',
        });
      }
      const raw = await c.req.text();
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const url = new URL(c.req.url);
      requests.push({ method: c.req.method, path: url.pathname + url.search, body });
      c.set('body', body);
      c.header('Access-Control-Allow-Origin', '*');
      const [scheme, given] = (c.req.header('authorization') ?? '').split(' ');
      if (!/^(token|Bearer)$/.test(scheme ?? '') || given !== token)
        return answer(c, fake, refuse(401, 'Bad credentials'));
      await next();
    })
    .route('/', account(store, shapes, on))
    .route('/repos/:owner/:repo', contents(store, shapes, on))
    .route('/repos/:owner/:repo', gitData(store, shapes, on))
    .route('/repos/:owner/:repo', pullRequests(store, shapes, on))
    .route('/repos/:owner/:repo', commitStatuses(store, shapes, on))
    .notFound((c) => answer(c, fake, refuse(404, 'Not Found')));

  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const listening = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
      done(listening),
    );
  });
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
          store.remove();
          done();
        }),
      ),
  };
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>;
