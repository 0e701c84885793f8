/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { displayName, REVIEW_LIMITS, REVIEW_MESSAGES, reviewProblems } from './review';

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

describe('reviewProblems: what the page says before sending, as the service would refuse it', () => {
  const good = { rating: 4, title: 'Warm', text: 'Ten letters or more.', name: 'Ritika B.' };

  test('a complete review has none', () => {
    expect(reviewProblems(good)).toEqual({});
  });

  test('each field in its own words, on the text as it is kept', () => {
    expect(
      reviewProblems({ rating: null, title: '  ', text: '\u200b'.repeat(20), name: '' }),
    ).toEqual(REVIEW_MESSAGES);
    expect(reviewProblems({ ...good, title: 'x'.repeat(REVIEW_LIMITS.title + 1) })).toEqual({
      title: REVIEW_MESSAGES.title,
    });
    expect(reviewProblems({ ...good, text: 'Too short' })).toEqual({ text: REVIEW_MESSAGES.text });
    expect(reviewProblems({ ...good, rating: 6 })).toEqual({ rating: REVIEW_MESSAGES.rating });
  });
});
