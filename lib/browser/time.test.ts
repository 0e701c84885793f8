/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { formatTime } from '@/lib/browser/time';

describe('formatTime', () => {
  test.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [61, '1:01'],
    [187, '3:07'],
    [3600, '60:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
    [-3, '0:00'],
  ])('%p seconds -> %s', (seconds, shown) => {
    expect(formatTime(seconds)).toBe(shown);
  });
});
