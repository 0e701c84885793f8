/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { matchRoute } from '@/lib/browser/route-match';

const routes = ['/', '/weddings/Wed1/', '/weddings/Wed2/', '/services/cinematicFilms/'];

describe('matchRoute', () => {
  test('finds the registered route whatever the letter case', () => {
    expect(matchRoute('/Weddings/wed1', routes)).toBe('/weddings/Wed1/');
    expect(matchRoute('/WEDDINGS/WED2/', routes)).toBe('/weddings/Wed2/');
    expect(matchRoute('/services/cinematicfilms', routes)).toBe('/services/cinematicFilms/');
  });

  test('accepts a path with or without a trailing slash or index.html', () => {
    expect(matchRoute('/weddings/Wed1', routes)).toBe('/weddings/Wed1/');
    expect(matchRoute('/Weddings/wed1/index.html', routes)).toBe('/weddings/Wed1/');
  });

  test('decodes escaped characters before comparing', () => {
    expect(matchRoute('/%57eddings/wed1', routes)).toBe('/weddings/Wed1/');
  });

  test('returns null for a path with no registered route', () => {
    expect(matchRoute('/weddings/rohan-and-tara', routes)).toBeNull();
    expect(matchRoute('/%E0%A4%A', routes)).toBeNull();
  });

  test('returns null when the path already is the route, so it never loops', () => {
    expect(matchRoute('/weddings/Wed1/', routes)).toBeNull();
  });
});
