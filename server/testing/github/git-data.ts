// The Git data API: blobs, trees, commits and refs, as Decap's editorial workflow writes a draft.
import { Hono } from 'hono';
import { type Endpoint, type FakeEnv, notFound, refuse } from './endpoint';
import type { Repo } from './repo';
import type { Shapes } from './shapes';

export function gitData(store: Repo, shapes: Shapes, on: Endpoint) {
  const { git, gitBytes, resolve, writeTree, commitTree } = store;
  const { api, gitCommitOf, refOf, treeOf } = shapes;
  return new Hono<FakeEnv>()
    .post(
      '/git/blobs',
      on('/repos/{owner}/{repo}/git/blobs', (_p, { content, encoding = 'utf-8' }) => {
        const bytes = Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8');
        const sha = git(['hash-object', '-w', '--stdin'], bytes);
        return [201, { sha, url: `${api()}/git/blobs/${sha}` }];
      }),
    )
    .get(
      '/git/blobs/:file_sha{[0-9a-f]{40}}',
      on('/repos/{owner}/{repo}/git/blobs/{file_sha}', ({ file_sha: sha }) => {
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
      }),
    )
    .post(
      '/git/trees',
      on('/repos/{owner}/{repo}/git/trees', (_p, { base_tree, tree }) => {
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
      }),
    )
    .get(
      '/git/trees/:tree_sha{.+}',
      on('/repos/{owner}/{repo}/git/trees/{tree_sha}', ({ tree_sha: name }, _body, query) => {
        const sha = resolve(name!, 'tree');
        if (!sha) return notFound();
        return [200, treeOf(sha, Boolean(query.get('recursive')))];
      }),
    )
    .post(
      '/git/commits',
      on('/repos/{owner}/{repo}/git/commits', (_p, { message, tree, parents = [], author }) => {
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
      }),
    )
    .post(
      '/git/refs',
      on('/repos/{owner}/{repo}/git/refs', (_p, { ref, sha }) => {
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
      }),
    )
    .patch(
      '/git/refs/:ref{.+}',
      on('/repos/{owner}/{repo}/git/refs/{ref}', ({ ref: name }, { sha, force = false }) => {
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
      }),
    )
    .delete(
      '/git/refs/:ref{.+}',
      on('/repos/{owner}/{repo}/git/refs/{ref}', ({ ref: name }) => {
        const ref = `refs/${name}`;
        if (!resolve(ref, 'commit')) return refuse(422, 'Reference does not exist');
        git(['update-ref', '-d', ref]);
        return [204, null];
      }),
    );
}
