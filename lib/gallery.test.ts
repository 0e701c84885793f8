/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { sizedTiles } from './gallery';

describe('sizedTiles', () => {
  test('takes the sizes in order', () => {
    expect(sizedTiles(['a', 'b', 'c'], ['large', 'small', 'medium'])).toEqual([
      { image: 'a', size: 'large' },
      { image: 'b', size: 'small' },
      { image: 'c', size: 'medium' },
    ]);
  });

  test('gives no size to tiles beyond a shorter list', () => {
    const tiles = sizedTiles(
      ['1', '2', '3', '4', '5', '6', '7', '8'],
      ['large', 'small', 'medium', 'small', 'medium'],
    );
    expect(tiles.map((tile) => tile.size)).toEqual([
      'large',
      'small',
      'medium',
      'small',
      'medium',
      null,
      null,
      null,
    ]);
  });

  test('ignores sizes beyond the images', () => {
    expect(sizedTiles(['a'], ['medium', 'large'])).toEqual([{ image: 'a', size: 'medium' }]);
  });
});
