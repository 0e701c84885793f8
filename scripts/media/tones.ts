// The look of each preset pack, applied for real to the "before" photographs to make the "after"
// ones: tone curves, split toning and saturation, as the pack does in Lightroom.

type Curve = [number, number][];
type Rgb = [number, number, number];

export type Tone = {
  /** Master tone curve, input -> output (0-255). */
  curve: Curve;
  /** Per-channel offsets added along the curve, for colour casts in the mid-tones. */
  channels?: Partial<Record<'r' | 'g' | 'b', Curve>>;
  /** Colour pushed into the shadows and the highlights. */
  shadows: Rgb;
  highlights: Rgb;
  /** 1 leaves colour as it is; below 1 mutes, above 1 deepens. */
  saturation: number;
};

/** Keyed by preset slug (see content/presets.json). */
export const tones: Record<string, Tone> = {
  'stoic-pack': {
    curve: [
      [0, 10],
      [64, 46],
      [128, 118],
      [192, 192],
      [255, 238],
    ],
    shadows: [-8, 2, 12],
    highlights: [12, 5, -6],
    saturation: 0.6,
  },
  'regal-tones': {
    curve: [
      [0, 0],
      [64, 50],
      [128, 132],
      [192, 212],
      [255, 255],
    ],
    channels: {
      r: [
        [0, 0],
        [128, 140],
        [255, 255],
      ],
      b: [
        [0, 0],
        [128, 120],
        [255, 245],
      ],
    },
    shadows: [10, -4, -2],
    highlights: [16, 9, -12],
    saturation: 1.32,
  },
  'earthy-tone': {
    curve: [
      [0, 30],
      [64, 72],
      [128, 130],
      [192, 188],
      [255, 236],
    ],
    channels: {
      g: [
        [0, 0],
        [128, 126],
        [255, 250],
      ],
      b: [
        [0, 0],
        [128, 116],
        [255, 235],
      ],
    },
    shadows: [12, 5, -8],
    highlights: [10, 7, -4],
    saturation: 0.82,
  },
  'soul-tone': {
    curve: [
      [0, 42],
      [64, 98],
      [128, 160],
      [192, 215],
      [255, 250],
    ],
    shadows: [10, 0, 8],
    highlights: [-5, 2, 10],
    saturation: 0.76,
  },
  'film-pack': {
    curve: [
      [0, 36],
      [64, 76],
      [128, 128],
      [192, 184],
      [255, 230],
    ],
    channels: {
      g: [
        [0, 6],
        [128, 130],
        [255, 250],
      ],
    },
    shadows: [-5, 8, -2],
    highlights: [12, 6, -10],
    saturation: 0.88,
  },
  awaken: {
    curve: [
      [0, 4],
      [64, 72],
      [128, 148],
      [192, 220],
      [255, 255],
    ],
    shadows: [0, 0, 4],
    highlights: [14, 9, -10],
    saturation: 1.26,
  },
};

/** A 256-entry lookup table through the curve's points (linear between them). */
function lut(curve: Curve): Uint8Array {
  const table = new Uint8Array(256);
  for (let x = 0; x < 256; x++) {
    const upper = curve.findIndex(([px]) => px >= x);
    const [x1, y1] = curve[Math.max(upper, 1)]!;
    const [x0, y0] = curve[Math.max(upper, 1) - 1]!;
    const y = x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    table[x] = Math.max(0, Math.min(255, Math.round(y)));
  }
  return table;
}

const identity: Curve = [
  [0, 0],
  [255, 255],
];

/** Applies a tone to raw RGB pixels in place. */
export function applyTone(pixels: Buffer, tone: Tone): Buffer {
  const master = lut(tone.curve);
  const [lr, lg, lb] = (['r', 'g', 'b'] as const).map((c) => lut(tone.channels?.[c] ?? identity));
  for (let i = 0; i < pixels.length; i += 3) {
    let r = lr![master[pixels[i]!]!]!;
    let g = lg![master[pixels[i + 1]!]!]!;
    let b = lb![master[pixels[i + 2]!]!]!;
    const luma = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    const shadow = (1 - luma) * (1 - luma);
    const light = luma * luma;
    r =
      luma * 255 +
      (r - luma * 255) * tone.saturation +
      tone.shadows[0] * shadow +
      tone.highlights[0] * light;
    g =
      luma * 255 +
      (g - luma * 255) * tone.saturation +
      tone.shadows[1] * shadow +
      tone.highlights[1] * light;
    b =
      luma * 255 +
      (b - luma * 255) * tone.saturation +
      tone.shadows[2] * shadow +
      tone.highlights[2] * light;
    pixels[i] = r < 0 ? 0 : r > 255 ? 255 : r;
    pixels[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
    pixels[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
  }
  return pixels;
}
