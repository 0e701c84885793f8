/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { parseReviews, presets, reviews } from '@/lib/content';
import { AVERAGE_FROM, monthName, pageReviews } from './reviews';

const packs = new Set(presets.map((preset) => preset.slug));
const valid = {
  pack: 'stoic-pack',
  rating: 4,
  title: 'Warm',
  text: 'Ten letters at least.',
  name: 'Priya S.',
  month: '2026-10',
  received: '2026-10-21',
};

describe('a review file', () => {
  test('a valid one is read, unpublished by default', () => {
    expect(parseReviews({ 'content/reviews/a.json': valid }, packs)).toEqual({
      kept: [{ ...valid, published: false, sample: false, file: 'content/reviews/a.json' }],
      setAside: [],
    });
  });

  test('one that breaks the rules never stops the build: it is set aside, naming the file and field', () => {
    const whyNot = (data: object) =>
      parseReviews({ 'content/reviews/bad.json': data, 'content/reviews/a.json': valid }, packs)
        .setAside.map((each) => `${each.file} ${each.why}`)
        .join('\n');
    expect(whyNot({ ...valid, pack: 'no-such-pack' })).toMatch(
      /content\/reviews\/bad\.json:\n {2}field "pack": "no-such-pack" is not a product the shop sells/,
    );
    expect(whyNot({ ...valid, rating: 6 })).toMatch(
      /bad\.json:\n {2}field "rating": must be 1 to 5/,
    );
    expect(whyNot({ ...valid, text: 'Too short' })).toMatch(/field "text": must be at least 10/);
    expect(whyNot({ ...valid, month: '2026-13' })).toMatch(/field "month": must be a month/);
    const withdrawn = parseReviews(
      {
        'content/reviews/film.json': { ...valid, pack: 'film-pack' },
        'content/reviews/a.json': valid,
      },
      new Set(['stoic-pack']),
    );
    expect(withdrawn.kept.map((review) => review.file)).toEqual(['content/reviews/a.json']);
    expect(withdrawn.setAside.map((each) => each.file)).toEqual(['content/reviews/film.json']);
  });

  test('a review whose order was refunded reads, marked withdrawn', () => {
    const [read] = parseReviews(
      { 'content/reviews/r.json': { ...valid, published: true, withdrawn: '2026-11-27' } },
      packs,
    ).kept;
    expect(read!.withdrawn).toBe('2026-11-27');
  });
});

describe('what a page shows', () => {
  test('only published reviews, newest first, low ratings included', () => {
    const stoic = presets.find((preset) => preset.slug === 'stoic-pack')!;
    const { reviews: shown, rating } = pageReviews([stoic]);
    expect(shown.every((review) => review.published && review.pack === 'stoic-pack')).toBe(true);
    expect(shown.map((review) => review.month)).toEqual(
      [...shown.map((review) => review.month)].sort().reverse(),
    );
    expect(shown.some((review) => review.rating <= 3)).toBe(true);
    const sum = shown.reduce((total, review) => total + review.rating, 0);
    expect(rating).toEqual({ average: (sum / shown.length).toFixed(1), count: shown.length });
  });

  test(`no average under ${AVERAGE_FROM} reviews; unpublished ones are never shown`, () => {
    const one = presets.filter((preset) => preset.slug === 'regal-tones');
    expect(pageReviews(one).rating).toBeNull();
    // Whatever the studio has published or not (the CMS tests run these on edited content).
    expect(pageReviews(presets).reviews).toHaveLength(
      reviews.filter((review) => review.published).length,
    );
  });

  test('the month as the page writes it', () => {
    expect(monthName('2026-10')).toBe('October 2026');
  });
});
