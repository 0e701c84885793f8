// Pull requests, their merge and labels: a draft of Decap's editorial workflow, and its column.
import { Hono } from 'hono';
import { type Endpoint, type FakeEnv, notFound, now, refuse } from './endpoint';
import type { PullRequest, Repo } from './repo';
import type { Shapes } from './shapes';

export function pullRequests(store: Repo, shapes: Shapes, on: Endpoint) {
  const { owner, git, branchSha, commitTree, setBranch, revOf, pulls } = store;
  const { labelOf, pullOf, compare } = shapes;
  return new Hono<FakeEnv>()
    .get(
      '/pulls',
      on('/repos/{owner}/{repo}/pulls', (_p, _body, query) => {
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
      }),
    )
    .post(
      '/pulls',
      on('/repos/{owner}/{repo}/pulls', (_p, { title, body = null, head, base: into }) => {
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
      }),
    )
    .patch(
      '/pulls/:pull_number{[0-9]+}',
      on(
        '/repos/{owner}/{repo}/pulls/{pull_number}',
        ({ pull_number: number }, { state, title, body }) => {
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
      ),
    )
    .put(
      '/pulls/:pull_number{[0-9]+}/merge',
      on(
        '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
        (
          { pull_number: number },
          { commit_title, commit_message, sha, merge_method = 'merge' },
        ) => {
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
          const merged = commitTree(
            tree,
            merge_method === 'squash' ? [into] : [into, head],
            message,
          );
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
      ),
    )
    .put(
      '/issues/:issue_number{[0-9]+}/labels',
      on(
        '/repos/{owner}/{repo}/issues/{issue_number}/labels',
        ({ issue_number: number }, { labels = [] }) => {
          const pull = pulls.find((each) => each.number === Number(number));
          if (!pull) return notFound();
          pull.labels = (labels as (string | { name: string })[]).map((label) =>
            typeof label === 'string' ? label : label.name,
          );
          pull.updatedAt = now();
          return [200, pull.labels.map(labelOf)];
        },
      ),
    );
}
