/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { displayName, REVIEW_LIMITS } from './review';

describe('displayName', () => {
  test('the first name and the initial of the last, as a review shows a buyer', () => {
    expect(displayName('Ritika Bose')).toBe('Ritika B.');
    expect(displayName('  Anjali  de  souza ')).toBe('Anjali S.');
    expect(displayName('Meera')).toBe('Meera');
    expect(displayName('Éric Ødegaard')).toBe('Éric Ø.');
    expect(displayName('')).toBe('');
  });

  test('never longer than a review allows', () => {
    expect(displayName(`${'a'.repeat(80)} b`)).toHaveLength(REVIEW_LIMITS.name);
  });
});
