// Writes rest.json beside this file: the operations the fake GitHub answers (./../fake-github.ts),
// taken from GitHub's published REST description as npm @octokit/openapi ships it, dereferenced.
// Only their request bodies and answers are kept, without prose or examples, which validation
// does not read. To refresh it:
//   npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz
//   npx tsx server/testing/github/openapi/extract.ts package/generated/api.github.com.deref.json
import { readFileSync, writeFileSync } from 'node:fs';

/** Each path the fake answers, and its methods. */
export const operations: Record<string, string[]> = {
  '/user': ['get'],
  '/users/{username}': ['get'],
  '/search/issues': ['get'],
  '/repos/{owner}/{repo}': ['get'],
  '/repos/{owner}/{repo}/branches/{branch}': ['get'],
  '/repos/{owner}/{repo}/contents/{path}': ['get', 'put'],
  '/repos/{owner}/{repo}/git/blobs': ['post'],
  '/repos/{owner}/{repo}/git/blobs/{file_sha}': ['get'],
  '/repos/{owner}/{repo}/git/trees': ['post'],
  '/repos/{owner}/{repo}/git/trees/{tree_sha}': ['get'],
  '/repos/{owner}/{repo}/git/commits': ['post'],
  '/repos/{owner}/{repo}/git/refs': ['post'],
  '/repos/{owner}/{repo}/git/refs/{ref}': ['patch', 'delete'],
  '/repos/{owner}/{repo}/commits': ['get'],
  '/repos/{owner}/{repo}/commits/{ref}/status': ['get'],
  '/repos/{owner}/{repo}/statuses/{sha}': ['post'],
  '/repos/{owner}/{repo}/compare/{basehead}': ['get'],
  '/repos/{owner}/{repo}/pulls': ['get', 'post'],
  '/repos/{owner}/{repo}/pulls/{pull_number}': ['patch'],
  '/repos/{owner}/{repo}/pulls/{pull_number}/merge': ['put'],
  '/repos/{owner}/{repo}/issues/{issue_number}/labels': ['put'],
};

const prose = new Set(['description', 'summary', 'examples', 'example', 'externalDocs']);
const strip = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(strip)
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([key]) => !prose.has(key) && !key.startsWith('x-'))
            .map(([key, value]) => [key, strip(value)]),
        )
      : node;

if (process.argv[2]) {
  const source = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(operations)) {
    paths[path] = {};
    for (const method of methods) {
      const { requestBody, responses } = source.paths[path][method];
      paths[path][method] = strip({ requestBody, responses });
    }
  }
  const description = {
    openapi: source.openapi,
    info: {
      title: source.info.title,
      version: source.info.version,
      'x-extracted': `The operations the fake GitHub answers, from GitHub's published REST description (github/rest-api-description, as npm @octokit/openapi ${source.info.version} ships it, dereferenced): request bodies and answers, without prose or examples.`,
    },
    paths,
  };
  writeFileSync(new URL('./rest.json', import.meta.url), `${JSON.stringify(description)}\n`);
}
