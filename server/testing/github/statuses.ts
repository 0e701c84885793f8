// Commit statuses: what a host's build posts (a draft's preview), and what Decap and the editor's
// status line read back.
import { Hono } from 'hono';
import { type Endpoint, type FakeEnv, notFound, now, refuse } from './endpoint';
import type { Repo, Status } from './repo';
import type { Shapes } from './shapes';

export function commitStatuses(store: Repo, shapes: Shapes, on: Endpoint) {
  const { resolve, statuses } = store;
  const { combinedStatus, statusOf } = shapes;
  return new Hono<FakeEnv>()
    .get(
      '/commits/:ref{.+}/status',
      on('/repos/{owner}/{repo}/commits/{ref}/status', ({ ref }) => {
        const sha = resolve(ref!, 'commit');
        if (!sha) return notFound();
        return [200, combinedStatus(sha)];
      }),
    )
    .post(
      '/statuses/:sha{[0-9a-f]{40}}',
      on(
        '/repos/{owner}/{repo}/statuses/{sha}',
        ({ sha }, { state, target_url = null, description = null, context = 'default' }) => {
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
      ),
    );
}
