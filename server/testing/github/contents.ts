// The repository and its files: the repository, a branch, the contents API (as the review publisher
// and Decap read and write files), commits and the three-dot compare.
import path from 'node:path';
import { Hono } from 'hono';
import { type Endpoint, type FakeEnv, notFound, refuse } from './endpoint';
import type { Repo } from './repo';
import type { Shapes } from './shapes';

export function contents(store: Repo, shapes: Shapes, on: Endpoint) {
  const { repo, branches, git, gitBytes, resolve, branchSha, revOf } = store;
  const { writeTree, commitTree, setBranch } = store;
  const { api, html, repository, gitCommitOf, commitOf, compare } = shapes;
  return new Hono<FakeEnv>()
    .get(
      '/',
      on('/repos/{owner}/{repo}', () => [
        200,
        { ...repository(), network_count: 0, subscribers_count: 0 },
      ]),
    )
    .get(
      '/branches/:branch{.+}',
      on('/repos/{owner}/{repo}/branches/{branch}', ({ branch }) => {
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
      }),
    )
    .get(
      '/contents/:path{.+}',
      on('/repos/{owner}/{repo}/contents/{path}', ({ path: file }, _body, query) => {
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
      }),
    )
    .put(
      '/contents/:path{.+}',
      on('/repos/{owner}/{repo}/contents/{path}', ({ path: file }, body) => {
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
      }),
    )
    .get(
      '/commits',
      on('/repos/{owner}/{repo}/commits', (_p, _body, query) => {
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
      }),
    )
    .get(
      '/compare/:basehead{.+}',
      on('/repos/{owner}/{repo}/compare/{basehead}', ({ basehead }) => {
        const [from, to] = basehead!.split('...');
        const answer = compare(revOf(from!), revOf(to!));
        return answer ? [200, answer] : notFound();
      }),
    );
}
