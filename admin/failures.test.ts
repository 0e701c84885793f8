import { describe, expect, it } from '@jest/globals';
import { failureWords } from './failures';

describe("the editor's failures in words", () => {
  it('says a request the policy refused', () => {
    expect(failureWords({ kind: 'policy', blocked: 'blob', directive: 'connect-src' })).toMatch(
      /^The editor's page refused to reach blob \(its security policy, connect-src\): what you just did may not be saved\./,
    );
  });

  it('says a save that did not reach GitHub, or that GitHub refused', () => {
    expect(
      failureWords({
        kind: 'network',
        method: 'POST',
        url: 'https://api.github.com/repos/a/b/git/blobs',
      }),
    ).toBe(
      'The editor could not reach api.github.com: your last change may not be saved. Check the connection and save again.',
    );
    expect(
      failureWords({
        kind: 'answer',
        method: 'POST',
        url: 'https://api.github.com/x',
        status: 500,
      }),
    ).toMatch(/^GitHub could not save your change \(it answered 500\)/);
    expect(
      failureWords({
        kind: 'answer',
        method: 'PATCH',
        url: 'https://api.github.com/x',
        status: 401,
      }),
    ).toMatch(/sign-in has expired/);
  });

  it('leaves to Decap the answers it expects (a file not there yet, a read)', () => {
    expect(
      failureWords({ kind: 'answer', method: 'GET', url: 'https://api.github.com/x', status: 500 }),
    ).toBeNull();
    expect(
      failureWords({
        kind: 'answer',
        method: 'POST',
        url: 'https://api.github.com/x',
        status: 422,
      }),
    ).toBeNull();
  });
});
