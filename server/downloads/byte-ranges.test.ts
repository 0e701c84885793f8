import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addRange, length, missingFrom, removeRange, within } from './byte-ranges';

test('byte ranges: added, removed, missing and held parts', () => {
  let ranges = addRange([], 10, 20);
  ranges = addRange(ranges, 30, 40);
  ranges = addRange(ranges, 20, 30); // touching ranges merge
  assert.deepEqual(ranges, [[10, 40]]);
  assert.deepEqual(removeRange(ranges, 15, 25), [
    [10, 15],
    [25, 40],
  ]);
  assert.deepEqual(
    missingFrom(
      [
        [10, 15],
        [25, 40],
      ],
      0,
      50,
    ),
    [
      [0, 10],
      [15, 25],
      [40, 50],
    ],
  );
  assert.deepEqual(
    within(
      [
        [10, 15],
        [25, 40],
      ],
      12,
      30,
    ),
    [
      [12, 15],
      [25, 30],
    ],
  );
  assert.equal(
    length([
      [0, 10],
      [20, 25],
    ]),
    15,
  );
  assert.deepEqual(missingFrom([[0, 100]], 20, 30), []);
});
