// A stand-in for GitHub's contents API, as the review publisher uses it: files of one repository
// on its branches, read (GET) and created or updated (PUT), within GitHub's documented secondary
// limits on content-creating requests (80 a minute, 500 an hour: past them, 403). Each request is checked against
// GitHub's published REST description (./github-openapi/repos-contents.json), and each answer
// too, so that tests pass only on requests GitHub accepts and answers shaped as GitHub's.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const description = JSON.parse(
  readFileSync(new URL('./github-openapi/repos-contents.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, OpenApiOperation>> };

type OpenApiOperation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};

const contents = description.paths['/repos/{owner}/{repo}/contents/{path}']!;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const putBody = ajv.compile(contents.put!.requestBody!.content['application/json']!.schema);
const answer = (method: 'get' | 'put', status: number) =>
  ajv.compile(contents[method]!.responses[String(status)]!.content!['application/json']!.schema);
const fileAnswer = answer('get', 200);
const createdAnswer = answer('put', 201);
const updatedAnswer = answer('put', 200);

const DOCS = 'https://docs.github.com/rest/repos/contents';

const blobSha = (bytes: Buffer) =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeGitHub({
  repo = 'saanjhstudio/site',
  token = 'github-test-token',
  branches = ['main'],
  /** GitHub's secondary limits on content-creating requests (80 a minute, 500 an hour). */
  writeLimits = { perMinute: 80, perHour: 500 },
} = {}) {
  /** When each write was accepted: past a limit, GitHub answers 403 for a while. */
  const writes: number[] = [];
  /** The files of each branch: path → bytes. */
  const files = new Map(branches.map((branch) => [branch, new Map<string, Buffer>()]));
  const requests: { method: string; path: string; body: unknown }[] = [];
  /** What the fake refused as GitHub would (a test that expects none checks this is empty). */
  const refused: string[] = [];
  let base = '';

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const fail = (status: number, message: string) => {
      refused.push(`${request.method} ${request.url}: ${status} ${message}`);
      send(status, { message, documentation_url: DOCS });
    };
    const url = new URL(request.url!, base);
    const raw = await read(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    requests.push({ method: request.method!, path: url.pathname + url.search, body });
    if (request.headers.authorization !== `Bearer ${token}`) return fail(401, 'Bad credentials');
    const prefix = `/repos/${repo}/contents/`;
    if (!url.pathname.startsWith(prefix)) return fail(404, 'Not Found');
    const file = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    const html = `https://github.com/${repo}/blob`;

    if (request.method === 'GET') {
      const branch = files.get(url.searchParams.get('ref') ?? branches[0]!);
      const bytes = branch?.get(file);
      // No such file: GitHub's answer, not a refusal of the request.
      if (!bytes) return send(404, { message: 'Not Found', documentation_url: DOCS });
      const sha = blobSha(bytes);
      const self = `${base}${url.pathname}?ref=${url.searchParams.get('ref') ?? branches[0]}`;
      const answerBody = {
        type: 'file',
        encoding: 'base64',
        size: bytes.length,
        name: file.split('/').pop(),
        path: file,
        // GitHub wraps the base64 at 60 characters.
        content: bytes.toString('base64').replace(/.{60}/g, '$&\n'),
        sha,
        url: self,
        git_url: `${base}/repos/${repo}/git/blobs/${sha}`,
        html_url: `${html}/${branches[0]}/${file}`,
        download_url: `https://raw.githubusercontent.com/${repo}/${branches[0]}/${file}`,
        _links: { self, git: `${base}/repos/${repo}/git/blobs/${sha}`, html: `${html}/${file}` },
      };
      if (!fileAnswer(answerBody))
        throw new Error(`fake answer: ${ajv.errorsText(fileAnswer.errors)}`);
      return send(200, answerBody);
    }

    if (request.method === 'PUT') {
      const at = Date.now();
      const inMinute = writes.filter((time) => time > at - 60_000).length;
      const inHour = writes.filter((time) => time > at - 3_600_000).length;
      if (inMinute >= writeLimits.perMinute || inHour >= writeLimits.perHour) {
        return fail(
          403,
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        );
      }
      writes.push(at);
      if (!putBody(body)) return fail(422, `Invalid request.\n\n${ajv.errorsText(putBody.errors)}`);
      const {
        content,
        sha,
        branch: named,
      } = body as { content: string; sha?: string; branch?: string };
      const branch = files.get(named ?? branches[0]!);
      if (!branch) return fail(404, `Branch ${named} not found`);
      const bytes = Buffer.from(content, 'base64');
      if (bytes.toString('base64') !== content) return fail(422, 'content is not valid Base64');
      const current = branch.get(file);
      if (current && !sha) return fail(422, `Invalid request.\n\n"sha" wasn't supplied.`);
      if (current && sha !== blobSha(current)) {
        return fail(409, `${file} does not match ${sha}`);
      }
      branch.set(file, bytes);
      const blob = blobSha(bytes);
      const commit = createHash('sha1')
        .update(`${file}${Date.now()}${Math.random()}`)
        .digest('hex');
      const answerBody = {
        content: {
          name: file.split('/').pop(),
          path: file,
          sha: blob,
          size: bytes.length,
          url: `${base}${url.pathname}`,
          html_url: `${html}/${named ?? branches[0]}/${file}`,
          git_url: `${base}/repos/${repo}/git/blobs/${blob}`,
          download_url: `https://raw.githubusercontent.com/${repo}/${named ?? branches[0]}/${file}`,
          type: 'file',
          _links: {
            self: `${base}${url.pathname}`,
            git: `${base}/repos/${repo}/git/blobs/${blob}`,
            html: `${html}/${file}`,
          },
        },
        commit: { sha: commit, message: (body as { message: string }).message },
      };
      const status = current ? 200 : 201;
      const check = current ? updatedAnswer : createdAnswer;
      if (!check(answerBody)) throw new Error(`fake answer: ${ajv.errorsText(check.errors)}`);
      return send(status, answerBody);
    }
    fail(404, 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    repo,
    token,
    requests,
    refused,
    /** A file on a branch, as the editor would see it. */
    file: (file: string, branch = branches[0]!) => files.get(branch)?.get(file)?.toString('utf8'),
    /** The studio edits a file in the editor (publishes it, say). */
    edit: (file: string, text: string, branch = branches[0]!) =>
      void files.get(branch)!.set(file, Buffer.from(text)),
    remove: (file: string, branch = branches[0]!) => void files.get(branch)!.delete(file),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
