// The /review/ page's client of the order service: Hono's typed client over the review routes'
// own type (server/routes/reviews.ts, imported as a type only), so that a changed request or
// answer fails the type check here, and no service code or zod reaches the browser.
import 'client-only';
import { hc } from 'hono/client';
import type { FieldProblems, ReviewFields } from '@/lib/shared/review';
import type { ReviewProblem } from '@/server/reviews';
import type { ReviewApi } from '@/server/routes/reviews';

const client = (apiBase: string) => hc<ReviewApi>(`${apiBase}/api/reviews`);

/** Why a review cannot be opened or sent: the service's refusals (its own type), or no answer. */
export type ReviewRefusal = ReviewProblem | 'unsaved' | 'unreachable';

/**
 * Whether each refusal is for good (the link sends no more; the form stays, to copy from) or may
 * pass (wait, send again). A refusal the service adds fails the type check here until it is sorted.
 */
const FOR_GOOD: Record<ReviewRefusal, boolean> = {
  invalid: true,
  expired: true,
  refunded: true,
  declined: true,
  published: true,
  closed: true,
  limited: false,
  unsaved: false,
  unreachable: false,
};

export const refusedForGood = (status: string) =>
  Object.hasOwn(FOR_GOOD, status) && FOR_GOOD[status as ReviewRefusal];

export type { FieldProblems };

const asked = async <T>(request: () => Promise<T>): Promise<T | null> => {
  try {
    return await request();
  } catch {
    return null;
  }
};

type Answer = Awaited<ReturnType<ReturnType<typeof client>['open']['$post']>>;

/**
 * The answer of /open as the browser reads it (the service's OpenedReview): the pack, where its
 * review stands, what was written.
 */
export type OpenAnswer =
  Extract<Answer, { status: 200 }> extends {
    json(): Promise<infer T>;
  }
    ? T
    : never;

/** Why a link cannot be used: the service's word, or that it could not be asked. */
type Refused = { refusal: ReviewRefusal };

export async function openReview(
  apiBase: string,
  token: string,
): Promise<{ opened: OpenAnswer } | Refused> {
  const response = await asked(() => client(apiBase).open.$post({ json: { token } }));
  if (!response) return { refusal: 'unreachable' };
  if (response.status === 200) return { opened: await response.json() };
  if (response.status === 404 || response.status === 409 || response.status === 410) {
    const body = await response.json();
    return { refusal: 'problem' in body ? body.problem : 'invalid' };
  }
  return { refusal: 'unreachable' };
}

/** Sends a review: saved (pending the studio), or why not, or which fields are wrong. */
export async function sendReview(
  apiBase: string,
  token: string,
  fields: ReviewFields,
): Promise<{ saved: 'created' | 'updated' } | { fieldProblems: FieldProblems } | Refused> {
  const response = await asked(() => client(apiBase).index.$post({ json: { token, ...fields } }));
  if (!response) return { refusal: 'unreachable' };
  if (response.status === 200 || response.status === 201) {
    const sent = await response.json();
    return { saved: sent.created ? 'created' : 'updated' };
  }
  if (response.status === 400) {
    const body = await response.json();
    const issues = 'issues' in body ? body.issues : [];
    const fieldProblems: FieldProblems = {};
    const isField = (path: string): path is keyof ReviewFields => path in fields;
    for (const { path, message } of issues) if (isField(path)) fieldProblems[path] ??= message;
    return { fieldProblems };
  }
  if (response.status === 503) return { refusal: 'unsaved' };
  if (response.status === 404 || response.status === 409 || response.status === 410) {
    const body = await response.json();
    return { refusal: 'problem' in body ? body.problem : 'invalid' };
  }
  return { refusal: 'unreachable' };
}
