// The signed-in account, as Decap asks of it: the user, a user's profile, and an issue search (none).
import { Hono } from 'hono';
import { type Endpoint, type FakeEnv } from './endpoint';
import type { Repo } from './repo';
import type { Shapes } from './shapes';

export function account(store: Repo, shapes: Shapes, on: Endpoint) {
  const { login } = store;
  const { profileOf } = shapes;
  return new Hono<FakeEnv>()
    .get(
      '/user',
      on('/user', () => [
        200,
        {
          ...profileOf(login),
          private_gists: 0,
          total_private_repos: 1,
          owned_private_repos: 0,
          disk_usage: 1,
          collaborators: 0,
          two_factor_authentication: true,
        },
      ]),
    )
    .get(
      '/users/:username',
      on('/users/{username}', ({ username: who }) => [200, profileOf(who!)]),
    )
    .get(
      '/search/issues',
      on('/search/issues', () => [
        200,
        { total_count: 0, incomplete_results: false, items: [], search_type: 'lexical' },
      ]),
    );
}
