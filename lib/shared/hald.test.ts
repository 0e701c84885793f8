import { describe, expect, test } from '@jest/globals';
import { applyLut, haldLevel, haldLut, identityHald, type Lut } from './hald';

/** A HALD of a level made by applying `look` to each colour of the identity. */
function haldOf(level: number, look: (rgb: number[]) => number[]): Lut {
  const lut = identityHald(level);
  for (let i = 0; i < lut.data.length; i += 3) {
    const out = look([...lut.data.subarray(i, i + 3)]);
    lut.data.set(
      out.map((v) => Math.max(0, Math.min(255, Math.round(v)))),
      i,
    );
  }
  return lut;
}

/** Every 7th colour of the cube, and the corners. */
function samplePixels(): Uint8Array {
  const values: number[] = [];
  for (let r = 0; r < 256; r += 7)
    for (let g = 3; g < 256; g += 11) for (let b = 5; b < 256; b += 13) values.push(r, g, b);
  values.push(0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255);
  return Uint8Array.from(values);
}

const maxDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
};

describe('HALD lookup tables', () => {
  test('the identity HALD leaves a photo unchanged', () => {
    for (const level of [4, 8]) {
      const photo = samplePixels();
      const out = applyLut(Uint8Array.from(photo), 3, identityHald(level));
      expect(maxDifference(out, photo)).toBe(0);
    }
  });

  test('a known HALD maps known colours, within 1/255', () => {
    const invert = haldOf(8, (rgb) => rgb.map((v) => 255 - v));
    expect([...applyLut(Uint8Array.from([10, 200, 255, 0, 0, 0, 128, 64, 32]), 3, invert)]).toEqual(
      [245, 55, 0, 255, 255, 255, 127, 191, 223],
    );
    const photo = samplePixels();
    const swapped = applyLut(
      Uint8Array.from(photo),
      3,
      haldOf(8, ([r, g, b]) => [b!, g!, r!]),
    );
    const swappedByHand = Uint8Array.from(photo);
    for (let i = 0; i < photo.length; i += 3) {
      swappedByHand[i] = photo[i + 2]!;
      swappedByHand[i + 2] = photo[i]!;
    }
    expect(maxDifference(swapped, swappedByHand)).toBeLessThanOrEqual(1);
    // A curve between the cube's steps is followed within a level by the interpolation.
    const warm = ([r, g, b]: number[]) => [r! * 0.9 + 30, g!, b! * 0.8];
    const warmed = applyLut(Uint8Array.from(photo), 3, haldOf(8, warm));
    const expected = [];
    for (let i = 0; i < photo.length; i += 3)
      expected.push(
        ...warm([...photo.subarray(i, i + 3)]).map((v) => Math.min(255, Math.round(v))),
      );
    expect(maxDifference(warmed, expected)).toBeLessThanOrEqual(1);
  });

  test('strength 0 changes nothing, 100 % is the whole look, 50 % half of it', () => {
    const invert = haldOf(8, (rgb) => rgb.map((v) => 255 - v));
    const photo = Uint8Array.from([10, 200, 255, 100, 100, 100]);
    expect([...applyLut(Uint8Array.from(photo), 3, invert, 0)]).toEqual([...photo]);
    expect([...applyLut(Uint8Array.from(photo), 3, invert, 1)]).toEqual([
      245, 55, 0, 155, 155, 155,
    ]);
    expect([...applyLut(Uint8Array.from(photo), 3, invert, 0.5)]).toEqual([
      128, 128, 128, 128, 128, 128,
    ]);
  });

  test('canvas pixels (RGBA) keep their alpha, and a table read from a canvas works alike', () => {
    const rgbaTable = identityHald(4, 4);
    const invert = haldOf(4, (rgb) => rgb.map((v) => 255 - v));
    for (let i = 0, j = 0; i < invert.data.length; i += 3, j += 4)
      rgbaTable.data.set(invert.data.subarray(i, i + 3), j);
    const pixels = new Uint8ClampedArray([0, 128, 255, 7]);
    expect([...applyLut(pixels, 4, rgbaTable)]).toEqual([255, 127, 0, 7]);
  });

  test('a HALD image is known by its sides', () => {
    expect(haldLevel(512, 512)).toBe(8);
    expect(haldLevel(1728, 1728)).toBe(12);
    expect(haldLut(new Uint8Array(512 * 512 * 3), 512, 512, 3).size).toBe(64);
    expect(() => haldLevel(500, 500)).toThrow('500 × 500 px is not a HALD image');
    expect(() => haldLevel(512, 256)).toThrow('not a HALD image');
  });
});
