// A pack's look as a HALD colour lookup table: the identity image, in which every colour of a
// size³ cube appears once, with the preset applied to it. A HALD of level L is L³ × L³ pixels
// holding a cube of L² steps per channel, red varying fastest, then green, then blue, so its
// pixels read in order are the cube itself (the layout of ImageMagick's `hald:` and darktable).
// The build uses this module to make the "after" samples; the try-on uses it where WebGL2 is
// missing, and its WebGL2 shader does the same sums with the same table.

/**
 * Where a pack's look lives in media/: a HALD lookup table, the identity HALD with the preset
 * applied in Lightroom (README, "A pack's look").
 */
export const lookPath = (slug: string) => `presets/${slug}/hald.png`;

/** size³ colours, red fastest; `channels` bytes per entry (3 from the build, 4 from a canvas). */
export type Lut = { size: number; channels: 3 | 4; data: Uint8Array | Uint8ClampedArray };

/** The level of a HALD image of these sides (8 for 512 × 512), or an error saying what is wrong. */
export function haldLevel(width: number, height: number): number {
  const level = Math.round(Math.cbrt(width));
  if (width !== height || level ** 3 !== width || level < 2) {
    throw new Error(
      `${width} × ${height} px is not a HALD image: its sides must be equal and a cube ` +
        '(512 × 512 px for level 8, 1728 × 1728 px for level 12)',
    );
  }
  return level;
}

/** The table of a HALD image's pixels (its sides give the size). */
export function haldLut(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: 3 | 4,
): Lut {
  const level = haldLevel(width, height);
  return { size: level * level, channels, data };
}

/** The identity HALD of a level: applying it changes no colour. */
export function identityHald(level: number, channels: 3 | 4 = 3): Lut {
  const size = level * level;
  const data = new Uint8Array(size ** 3 * channels);
  let i = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        data[i] = Math.round((r * 255) / (size - 1));
        data[i + 1] = Math.round((g * 255) / (size - 1));
        data[i + 2] = Math.round((b * 255) / (size - 1));
        if (channels === 4) data[i + 3] = 255;
        i += channels;
      }
    }
  }
  return { size, channels, data };
}

/**
 * Applies the table to 8-bit pixels in place, trilinearly between the cube's steps, mixed with
 * the original by `strength` (0: unchanged, 1: the whole look). `channels` is the pixels' bytes
 * per pixel; a fourth (alpha) is left alone.
 */
export function applyLut<T extends Uint8Array | Uint8ClampedArray>(
  pixels: T,
  channels: 3 | 4,
  lut: Lut,
  strength = 1,
): T {
  const { size, data } = lut;
  const stride = lut.channels;
  // Per input value: the lower step of the cube and the weight of the upper one.
  const step = new Int32Array(256);
  const weight = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const x = (v * (size - 1)) / 255;
    step[v] = Math.min(Math.floor(x), size - 2);
    weight[v] = x - step[v]!;
  }
  const dg = size * stride;
  const db = size * size * stride;
  for (let p = 0; p < pixels.length; p += channels) {
    const r = pixels[p]!;
    const g = pixels[p + 1]!;
    const b = pixels[p + 2]!;
    const fr = weight[r]!;
    const fg = weight[g]!;
    const fb = weight[b]!;
    const base = step[r]! * stride + step[g]! * dg + step[b]! * db;
    for (let c = 0; c < 3; c++) {
      const i = base + c;
      const c00 = data[i]! + (data[i + stride]! - data[i]!) * fr;
      const c10 = data[i + dg]! + (data[i + dg + stride]! - data[i + dg]!) * fr;
      const c01 = data[i + db]! + (data[i + db + stride]! - data[i + db]!) * fr;
      const c11 = data[i + db + dg]! + (data[i + db + dg + stride]! - data[i + db + dg]!) * fr;
      const c0 = c00 + (c10 - c00) * fg;
      const c1 = c01 + (c11 - c01) * fg;
      const looked = c0 + (c1 - c0) * fb;
      const original = pixels[p + c]!;
      const value = original + (looked - original) * strength;
      pixels[p + c] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
    }
  }
  return pixels;
}
