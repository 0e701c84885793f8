// Paints photo-like placeholder images in the studio's look: golden-hour and dusk skies, bokeh,
// silhouettes of couples and architecture, warm film tones, vignette and film grain. Every
// choice comes from a PRNG seeded with the image's path, so the output never changes.
import sharp from 'sharp';

export type Rng = () => number;

/** mulberry32: small, fast and good enough for pictures. */
export function rng(seedText: string): Rng {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: Rng, min: number, max: number) => min + r() * (max - min);
const pick = <T>(r: Rng, items: readonly T[]) => items[Math.floor(r() * items.length)]!;

type Palette = {
  sky: string[];
  glow: string;
  bokeh: string[];
  haze: string;
  ink: string;
  night: boolean;
};

const palettes: Record<string, Palette> = {
  golden: {
    sky: ['#3b2a4a', '#b5523b', '#f0a04b', '#ffd89a'],
    glow: '#fff1c7',
    bokeh: ['#ffd38a', '#ffb36b', '#ffe6b3', '#f59e6b'],
    haze: '#ffcf8f',
    ink: '#1a0f0a',
    night: false,
  },
  dusk: {
    sky: ['#161433', '#4b2a5c', '#b4506a', '#f29b6b'],
    glow: '#ffd2a6',
    bokeh: ['#ffc37a', '#ff9f80', '#f7d7a8', '#e58fb0'],
    haze: '#f3a07c',
    ink: '#120a10',
    night: false,
  },
  dawn: {
    sky: ['#5d6b8f', '#c99aa0', '#f2c6a0', '#fde8c8'],
    glow: '#fff6e0',
    bokeh: ['#fff0d2', '#f7c9a8', '#ffe3c4', '#e8b7b7'],
    haze: '#fbe1c6',
    ink: '#231a1c',
    night: false,
  },
  night: {
    sky: ['#07060d', '#15101f', '#2b1a24', '#4a2a22'],
    glow: '#ffb766',
    bokeh: ['#ffcf7a', '#ffb347', '#ffe2a8', '#ff9a5c'],
    haze: '#7a4a32',
    ink: '#050305',
    night: true,
  },
  monsoon: {
    sky: ['#2b3440', '#56636b', '#8f9a92', '#c9c2a8'],
    glow: '#f3ead0',
    bokeh: ['#e9e3c8', '#cfd8c4', '#f2d9a6', '#b9c9c2'],
    haze: '#c8c6b4',
    ink: '#141816',
    night: false,
  },
};

const paletteWords: [RegExp, string][] = [
  [/night|lantern|lights|sparkler|sangeet|reception|dance|fire|candle|stars|lamps/i, 'night'],
  [/dusk|evening|violet|twilight|blue light/i, 'dusk'],
  [/sunrise|dawn|morning|first light|mist/i, 'dawn'],
  [/rain|monsoon|umbrella|wet|waterfall|cedar|fern|moss/i, 'monsoon'],
  [/golden|sunset|sun|gold|haldi|desert|dune|wheat/i, 'golden'],
];

export type Kind =
  'couple' | 'ceremony' | 'architecture' | 'landscape' | 'portrait' | 'party' | 'detail';

const kindWords: [RegExp, Kind][] = [
  [
    /close-up|hands|mehndi|henna|bangles|jewel|ring|jhumka|necklace|embroider|weave|petal|marigold|detail|cake|table|radio|letters|box|pearls/i,
    'detail',
  ],
  [/mandap|pheras|fire|priest|temple hall|vows|kanyadaan|sindoor/i, 'ceremony'],
  [
    /danc|sangeet|guests|party|stage|toast|cheer|crowd|confetti|dhol|family|cousins|friends|kids|grandchildren/i,
    'party',
  ],
  [
    /palace|fort|arch|courtyard|mosque|haveli|lattice|stepwell|city|lane|market|bazaar|skyline|harbour|rooftop|window|doorway|veranda/i,
    'architecture',
  ],
  [
    /lake|mountain|forest|river|field|beach|sea|dune|desert|backwater|palm|ridge|road|boat|houseboat|water/i,
    'landscape',
  ],
  [/model|bride |bride$|woman|portrait|grandmother|mother|groom /i, 'portrait'],
  [/couple|bride|groom|newlyweds|aarav|meera|kabir|ishita|together/i, 'couple'],
];

/** Reads the kind of scene and its light from the image's alt text; the seed decides the rest. */
export function sceneFor(alt: string, r: Rng): { kind: Kind; palette: Palette } {
  const kind =
    kindWords.find(([words]) => words.test(alt))?.[1] ??
    pick(r, ['couple', 'landscape', 'architecture'] as const);
  const name =
    paletteWords.find(([words]) => words.test(alt))?.[1] ??
    pick(r, ['golden', 'dusk', 'golden', 'dawn']);
  return { kind, palette: palettes[name]! };
}

const W = 1200;

function bokeh(r: Rng, p: Palette, h: number, count: number, yMax: number) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const radius = between(r, 6, 70) * (r() < 0.15 ? 2 : 1);
    out += `<circle cx="${between(r, 0, W).toFixed(1)}" cy="${between(r, 0, h * yMax).toFixed(1)}" r="${radius.toFixed(1)}" fill="url(#b${i % 4})" opacity="${between(r, 0.18, p.night ? 0.9 : 0.55).toFixed(2)}"/>`;
  }
  return out;
}

function bride(x: number, base: number, s: number, ink: string) {
  const y = (v: number) => (base - v * s).toFixed(1);
  const X = (v: number) => (x + v * s).toFixed(1);
  return `<g fill="${ink}">
<circle cx="${X(0)}" cy="${y(88)}" r="${(6.5 * s).toFixed(1)}"/>
<path d="M${X(-4)} ${y(82)} Q${X(-9)} ${y(70)} ${X(-10)} ${y(55)} L${X(-26)} ${y(0)} L${X(24)} ${y(0)} L${X(10)} ${y(55)} Q${X(9)} ${y(70)} ${X(4)} ${y(82)} Z"/>
<path d="M${X(-5)} ${y(92)} Q${X(-22)} ${y(70)} ${X(-34)} ${y(8)} L${X(-24)} ${y(6)} Q${X(-14)} ${y(60)} ${X(-3)} ${y(80)} Z" opacity="0.85"/>
</g>`;
}

function groom(x: number, base: number, s: number, ink: string) {
  const y = (v: number) => (base - v * s).toFixed(1);
  const X = (v: number) => (x + v * s).toFixed(1);
  return `<g fill="${ink}">
<path d="M${X(-7)} ${y(96)} Q${X(0)} ${y(104)} ${X(7)} ${y(96)} L${X(6.5)} ${y(90)} L${X(-6.5)} ${y(90)} Z"/>
<circle cx="${X(0)}" cy="${y(89)}" r="${(6.5 * s).toFixed(1)}"/>
<path d="M${X(-12)} ${y(80)} L${X(12)} ${y(80)} L${X(14)} ${y(34)} L${X(9)} ${y(30)} L${X(8)} ${y(0)} L${X(2)} ${y(0)} L${X(0)} ${y(30)} L${X(-2)} ${y(0)} L${X(-8)} ${y(0)} L${X(-9)} ${y(30)} L${X(-14)} ${y(34)} Z"/>
</g>`;
}

/** A palace skyline: blocks crowned with domes, chhatris and minarets. */
function skyline(r: Rng, h: number, horizon: number, fill: string) {
  let out = '';
  let x = -20;
  while (x < W) {
    const width = between(r, 50, 160);
    const top = horizon - between(r, 24, h * 0.26);
    out += `<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${(width + 1).toFixed(0)}" height="${(h - top).toFixed(0)}"/>`;
    const cx = x + width / 2;
    if (r() < 0.6) {
      const rad = Math.min(width / 2 - 4, between(r, 16, 46));
      out += `<path d="M${(cx - rad).toFixed(0)} ${top.toFixed(0)} A${rad.toFixed(0)} ${(rad * 1.15).toFixed(0)} 0 0 1 ${(cx + rad).toFixed(0)} ${top.toFixed(0)} Z"/>`;
      out += `<rect x="${(cx - 1.5).toFixed(0)}" y="${(top - rad * 1.15 - 16).toFixed(0)}" width="3" height="18"/>`;
    } else if (r() < 0.5) {
      for (const dx of [-width / 3, width / 3]) {
        out += `<rect x="${(cx + dx - 12).toFixed(0)}" y="${(top - 26).toFixed(0)}" width="3" height="26"/><rect x="${(cx + dx + 9).toFixed(0)}" y="${(top - 26).toFixed(0)}" width="3" height="26"/>`;
        out += `<path d="M${(cx + dx - 16).toFixed(0)} ${(top - 24).toFixed(0)} A16 14 0 0 1 ${(cx + dx + 16).toFixed(0)} ${(top - 24).toFixed(0)} Z"/>`;
      }
    }
    if (r() < 0.2) {
      const mh = between(r, 60, 140);
      out += `<rect x="${(x + width - 10).toFixed(0)}" y="${(top - mh).toFixed(0)}" width="10" height="${mh.toFixed(0)}"/><path d="M${(x + width - 13).toFixed(0)} ${(top - mh).toFixed(0)} L${(x + width - 5).toFixed(0)} ${(top - mh - 18).toFixed(0)} L${(x + width + 3).toFixed(0)} ${(top - mh).toFixed(0)} Z"/>`;
    }
    x += width;
  }
  return `<g fill="${fill}">${out}</g>`;
}

function windows(r: Rng, h: number, horizon: number, count: number) {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<rect x="${between(r, 20, W - 20).toFixed(0)}" y="${between(r, horizon - h * 0.2, horizon + 10).toFixed(0)}" width="${between(r, 3, 8).toFixed(0)}" height="${between(r, 6, 14).toFixed(0)}" fill="#ffc46b" opacity="${between(r, 0.5, 0.95).toFixed(2)}"/>`;
  }
  return out;
}

function hills(r: Rng, h: number, base: number, amp: number, fill: string, opacity: number) {
  let d = `M0 ${h} L0 ${base}`;
  const steps = 8 + Math.floor(r() * 6);
  for (let i = 1; i <= steps; i++) {
    d += ` L${((W * i) / steps).toFixed(0)} ${(base - r() * amp).toFixed(0)}`;
  }
  return `<path d="${d} L${W} ${h} Z" fill="${fill}" opacity="${opacity}"/>`;
}

function stringLights(r: Rng, h: number) {
  let out = '';
  for (let line = 0; line < 3; line++) {
    const y0 = between(r, h * 0.05, h * 0.35);
    const sag = between(r, 30, 90);
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      const x = t * W;
      const y = y0 + sag * 4 * t * (1 - t);
      out += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${between(r, 2.5, 5).toFixed(1)}" fill="#ffe2a0"/>`;
      out += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="14" fill="url(#b0)" opacity="0.6"/>`;
    }
  }
  return out;
}

function crowd(r: Rng, h: number, ink: string) {
  let out = '';
  let x = -20;
  while (x < W + 20) {
    const s = between(r, 0.9, 1.4);
    const top = h - between(r, 120, 200) * s;
    out += `<circle cx="${x.toFixed(0)}" cy="${top.toFixed(0)}" r="${(16 * s).toFixed(0)}" fill="${ink}"/>`;
    out += `<rect x="${(x - 26 * s).toFixed(0)}" y="${(top + 14 * s).toFixed(0)}" width="${(52 * s).toFixed(0)}" height="${h}" rx="${(18 * s).toFixed(0)}" fill="${ink}"/>`;
    if (r() < 0.3) {
      out += `<path d="M${(x + 18 * s).toFixed(0)} ${(top + 30).toFixed(0)} L${(x + 40 * s).toFixed(0)} ${(top - 60 * s).toFixed(0)}" stroke="${ink}" stroke-width="${(9 * s).toFixed(0)}" stroke-linecap="round"/>`;
    }
    x += between(r, 40, 75);
  }
  return out;
}

function marigolds(r: Rng, h: number) {
  let out = '';
  const count = 5 + Math.floor(r() * 6);
  for (let i = 0; i < count; i++) {
    const cx = between(r, 0, W);
    const cy = between(r, h * 0.35, h);
    const rad = between(r, 40, 120);
    out += `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${rad.toFixed(0)}" fill="url(#m)"/>`;
    for (let k = 0; k < 14; k++) {
      const a = (k / 14) * Math.PI * 2;
      out += `<circle cx="${(cx + Math.cos(a) * rad * 0.62).toFixed(0)}" cy="${(cy + Math.sin(a) * rad * 0.62).toFixed(0)}" r="${(rad * 0.32).toFixed(0)}" fill="#e8891c" opacity="0.55"/>`;
    }
  }
  return out;
}

function mandap(cx: number, base: number, s: number, ink: string) {
  const pillar = (x: number) =>
    `<rect x="${(cx + x * s - 5 * s).toFixed(0)}" y="${(base - 260 * s).toFixed(0)}" width="${(10 * s).toFixed(0)}" height="${(260 * s).toFixed(0)}" fill="${ink}"/>`;
  return `${pillar(-170)}${pillar(170)}${pillar(-110)}${pillar(110)}
<path d="M${(cx - 200 * s).toFixed(0)} ${(base - 250 * s).toFixed(0)} Q${cx} ${(base - 400 * s).toFixed(0)} ${(cx + 200 * s).toFixed(0)} ${(base - 250 * s).toFixed(0)} Z" fill="${ink}"/>
<path d="M${(cx - 190 * s).toFixed(0)} ${(base - 250 * s).toFixed(0)} Q${(cx - 100 * s).toFixed(0)} ${(base - 180 * s).toFixed(0)} ${(cx - 10 * s).toFixed(0)} ${(base - 250 * s).toFixed(0)} Q${(cx + 100 * s).toFixed(0)} ${(base - 180 * s).toFixed(0)} ${(cx + 190 * s).toFixed(0)} ${(base - 250 * s).toFixed(0)}" fill="none" stroke="${ink}" stroke-width="${(6 * s).toFixed(0)}"/>
<circle cx="${cx}" cy="${(base - 20 * s).toFixed(0)}" r="${(90 * s).toFixed(0)}" fill="url(#fire)"/>`;
}

/** The scene as SVG in a 1200-unit-wide frame. */
export function sceneSvg(alt: string, seed: string, aspect: number): string {
  const r = rng(seed);
  const { kind, palette: p } = sceneFor(alt, r);
  const h = Math.round(W / aspect);
  const horizon = h * between(r, 0.55, 0.74);
  const sunX = between(r, W * 0.15, W * 0.85);
  const stops = p.sky
    .map((c, i) => `<stop offset="${(i / (p.sky.length - 1)) * 0.92}" stop-color="${c}"/>`)
    .join('');
  const defs = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${stops}</linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.95"/><stop offset="0.18" stop-color="${p.glow}" stop-opacity="0.6"/><stop offset="1" stop-color="${p.haze}" stop-opacity="0"/></radialGradient>
${p.bokeh.map((c, i) => `<radialGradient id="b${i}"><stop offset="0" stop-color="${c}" stop-opacity="1"/><stop offset="0.7" stop-color="${c}" stop-opacity="0.75"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`).join('')}
<radialGradient id="fire"><stop offset="0" stop-color="#fff2b0"/><stop offset="0.3" stop-color="#ff9a2e" stop-opacity="0.9"/><stop offset="1" stop-color="#ff5a1f" stop-opacity="0"/></radialGradient>
<radialGradient id="m"><stop offset="0" stop-color="#ffc23d"/><stop offset="1" stop-color="#e07812"/></radialGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.ink}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.ink}"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[2]}" stop-opacity="0.85"/><stop offset="0.3" stop-color="${p.sky[1]}" stop-opacity="0.8"/><stop offset="1" stop-color="${p.ink}"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.62"/></radialGradient>
</defs>`;
  let body = `<rect width="${W}" height="${h}" fill="url(#sky)"/>`;
  const sunR = between(r, W * 0.25, W * 0.6);
  body += `<circle cx="${sunX.toFixed(0)}" cy="${(horizon - h * 0.06).toFixed(0)}" r="${sunR.toFixed(0)}" fill="url(#sun)"/>`;

  switch (kind) {
    case 'landscape':
      body += hills(r, h, horizon - h * 0.12, h * 0.22, p.sky[1]!, 0.65);
      body += hills(r, h, horizon, h * 0.14, p.ink, 0.8);
      body += bokeh(r, p, h, 14, 0.6);
      body +=
        r() < 0.6
          ? `${bride(sunX - 30, horizon + h * 0.2, h / 420, p.ink)}${groom(sunX, horizon + h * 0.2, h / 400, p.ink)}`
          : '';
      body += `<rect y="${(horizon + h * 0.12).toFixed(0)}" width="${W}" height="${h}" fill="url(#ground)"/>`;
      break;
    case 'architecture':
      body += skyline(r, h, horizon, p.night ? '#1b1216' : p.sky[0]!);
      if (p.night || r() < 0.5) body += windows(r, h, horizon, 40);
      body += bokeh(r, p, h, 18, 0.5);
      body += `<rect y="${horizon.toFixed(0)}" width="${W}" height="${h}" fill="url(#water)"/>`;
      body += `<rect x="${(sunX - 40).toFixed(0)}" y="${horizon.toFixed(0)}" width="80" height="${h}" fill="${p.glow}" opacity="0.18"/>`;
      body += `<rect y="${(horizon + h * 0.16).toFixed(0)}" width="${W}" height="${h}" fill="url(#ground)"/>`;
      if (r() < 0.6)
        body += `${bride(sunX - 24, h * 0.97, h / 330, p.ink)}${groom(sunX + 10, h * 0.97, h / 315, p.ink)}`;
      break;
    case 'ceremony':
      body += bokeh(r, p, h, 40, 0.7);
      body += mandap(W * between(r, 0.4, 0.6), h * 0.95, h / 640, p.ink);
      break;
    case 'party':
      body += stringLights(r, h);
      body += bokeh(r, p, h, 50, 0.8);
      body += crowd(r, h, p.ink);
      break;
    case 'detail':
      body += bokeh(r, p, h, 60, 1);
      body += marigolds(r, h);
      break;
    case 'portrait': {
      body += bokeh(r, p, h, 45, 0.9);
      const x = W * pick(r, [0.33, 0.62, 0.5]);
      body += bride(x, h * 1.02, h / 115, p.ink);
      break;
    }
    default: {
      body += skyline(r, h, horizon + h * 0.05, p.sky[1]!);
      body += bokeh(r, p, h, 30, 0.75);
      const x = W * between(r, 0.3, 0.7);
      body += `${bride(x - 22 * (h / 200), h * 1.0, h / 190, p.ink)}${groom(x + 14 * (h / 200), h * 1.0, h / 180, p.ink)}`;
    }
  }
  body += `<rect width="${W}" height="${h}" fill="${p.haze}" opacity="0.08"/>`;
  body += `<rect width="${W}" height="${h}" fill="url(#vignette)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}">${defs}${body}</svg>`;
}

function noise(r: Rng, width: number, height: number, amplitude: number): Buffer {
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const v = 128 + (r() + r() - 1) * amplitude;
    pixels[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return pixels;
}

/**
 * Adds film grain with texture at several scales. Fine grain alone would vanish when the image
 * is scaled down; the coarser octaves stand in for the detail a real photograph keeps at every
 * size, so that every variant weighs what a photo's would.
 */
async function addGrain(pixels: Buffer, seed: string, width: number, height: number) {
  const r = rng(`${seed}#grain`);
  const octaves = await Promise.all(
    GRAIN.map(([scale, amplitude]) => {
      const w = Math.ceil(width / scale);
      const h = Math.ceil(height / scale);
      const layer = noise(r, w, h, amplitude);
      return scale === 1
        ? layer
        : sharp(layer, { raw: { width: w, height: h, channels: 1 } })
            .resize(width, height, { fit: 'fill', kernel: 'cubic' })
            .raw()
            .toBuffer();
    }),
  );
  for (let i = 0; i < width * height; i++) {
    let delta = -128 * octaves.length;
    for (const octave of octaves) delta += octave[i]!;
    for (let c = 0; c < 3; c++) {
      const v = pixels[i * 3 + c]! + delta;
      pixels[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  return pixels;
}

/** [scale in pixels, amplitude] of each grain octave. */
export const GRAIN: [number, number][] = [
  [1, 14],
  [2.5, 20],
  [5, 20],
  [12, 14],
];

/** A finished placeholder photograph as a JPEG buffer, `width` wide at the given aspect ratio. */
export async function paintPhoto(
  seed: string,
  alt: string,
  width: number,
  aspect: number,
): Promise<Buffer> {
  const height = Math.round(width / aspect);
  const base = await sharp(Buffer.from(sceneSvg(alt, seed, aspect)))
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .modulate({ saturation: 0.92 })
    .linear([0.94, 0.93, 0.9], [14, 11, 8])
    .raw()
    .toBuffer();
  return sharp(await addGrain(base, seed, width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 84, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
