import { describe, expect, jest, test } from '@jest/globals';
import { isChunkLoadError, reloadOnceFor } from '@/lib/browser/chunk-reload';

describe('chunk load errors', () => {
  test('are recognised by name or message', () => {
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 4521 failed.'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  test('reload the page once, never twice for the same page', () => {
    sessionStorage.clear();
    const reload = jest.fn();
    const error = Object.assign(new Error('x'), { name: 'ChunkLoadError' });
    expect(reloadOnceFor(error, sessionStorage, reload)).toBe(true);
    expect(reloadOnceFor(error, sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('leave other errors alone', () => {
    sessionStorage.clear();
    const reload = jest.fn();
    expect(reloadOnceFor(new Error('boom'), sessionStorage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
