// How each of the fake's operations answers, as GitHub does: the request body checked against the
// operation's published schema, content-creating requests counted against GitHub's secondary
// limits, refusals as `{ message, documentation_url }`, and the fake's own answer checked against
// the published one before it leaves.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorsText, schemaOf } from './schema';

const DOCS = 'https://docs.github.com/rest';

/** A refusal or a plain negative answer: GitHub's `{ message, documentation_url }`. */
export class Answer {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly message: string,
    /** Whether GitHub refused the request (rather than answering that something is not there). */
    readonly refusal = true,
  ) {}
}
export const refuse = (status: ContentfulStatusCode, message: string) =>
  new Answer(status, message);
export const notFound = () => new Answer(404, 'Not Found', false);

/** GitHub's time format: seconds, UTC. */
export const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** The request's parsed JSON body, read once before routing. */
export type FakeEnv = { Variables: { body: Record<string, unknown> | null } };

export type Handler = (
  params: Record<string, string>,
  // Checked against the operation's request schema before a handler reads it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any,
  query: URLSearchParams,
) => [number, unknown] | Answer;

/** The requests that create content, and so count against GitHub's secondary limits. */
const creates = (method: string, operation: string) =>
  method !== 'GET' &&
  method !== 'DELETE' &&
  operation !== '/repos/{owner}/{repo}/issues/{issue_number}/labels';

/** What every operation shares: the list of refusals, and the budget of writes. */
export type Fake = { repo: string; refused: string[]; countWrite: () => Answer | null };

/** An answer of GitHub's to a refused request, recorded in `refused` when it is a refusal. */
export function answer(c: Context, fake: Fake, result: Answer) {
  if (result.refusal)
    fake.refused.push(`${c.req.method} ${c.req.path}: ${result.status} ${result.message}`);
  return c.json({ message: result.message, documentation_url: DOCS }, result.status);
}

/** The Hono handler of a published operation (`/repos/{owner}/{repo}/pulls`, say). */
export const endpoint =
  (fake: Fake) => (operation: string, handler: Handler) => (c: Context<FakeEnv>) => {
    const method = c.req.method.toLowerCase();
    const params = c.req.param() as Record<string, string>;
    if (params.owner !== undefined && `${params.owner}/${params.repo}` !== fake.repo)
      return answer(c, fake, refuse(404, 'Not Found'));
    const body = c.get('body') ?? {};
    const check = schemaOf(operation, method);
    if (check && !check(body))
      return answer(c, fake, refuse(422, `Invalid request.\n\n${errorsText(check)}`));
    if (creates(c.req.method, operation)) {
      const limited = fake.countWrite();
      if (limited) return answer(c, fake, limited);
    }
    const result = handler(params, body, new URL(c.req.url).searchParams);
    if (result instanceof Answer) return answer(c, fake, result);
    const [status, payload] = result;
    const shape = schemaOf(operation, method, status);
    if (shape && !shape(payload)) {
      fake.refused.push(
        `the fake's own answer to ${c.req.method} ${c.req.path} is not GitHub's: ${errorsText(shape)}`,
      );
      return c.json({ message: 'fake answer invalid' }, 500);
    }
    // GitHub's 204 has no body and no Content-Type: Decap reads one that claims JSON as a
    // failure ("Failed to publish") although the request worked.
    if (status === 204) return c.body(null, 204);
    return c.json(payload, status as ContentfulStatusCode);
  };
export type Endpoint = ReturnType<typeof endpoint>;
