/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { nextIndex } from '@/lib/browser/carousel';

describe('nextIndex', () => {
  test('advances one slide at a time and loops back to the start after the last', () => {
    const seen = [0];
    for (let i = 0; i < 8; i++) seen.push(nextIndex(seen[seen.length - 1]!, 4));
    expect(seen).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0]);
  });

  test('stays put with no slides', () => {
    expect(nextIndex(0, 0)).toBe(0);
  });
});
