// npm run bench:media: the media step's encoding settings (scripts/media/encoding.ts) beside the
// ones before them, on a sample of the site's pictures: for each format and width, the quality
// (SSIM against the source scaled to that width, the size it is shown at) and the bytes, and the
// time each encoder took. `--sample N` takes every Nth picture (default 6).
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { ssim } from 'ssim.js';
import { mediaRefs } from '@/lib/content/media-refs';
import { AVIF, WEBP, WIDTHS } from '../media/encoding';
import { paintPhoto } from '../media/paint';
import { resolveSources } from '../media/sources';

/** The settings the comparison starts from: those of 02aba06 (encoding.ts's history). */
const BEFORE = { webp: { quality: 72, effort: 4 }, avif: { quality: 50, effort: 2 } } as const;
const NOW = { webp: WEBP, avif: AVIF } as const;

const { values } = parseArgs({ options: { sample: { type: 'string', default: '6' } } });
const every = Number(values.sample);

type Raw = { data: Buffer; width: number; height: number };
const raw = (data: Buffer, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 3 } });

/** SSIM of an encoded picture against the reference pixels. */
async function quality(encoded: Buffer, reference: Raw): Promise<number> {
  const decoded = await sharp(encoded).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const withAlpha = await raw(reference.data, reference.width, reference.height)
    .ensureAlpha()
    .raw()
    .toBuffer();
  const image = (data: Buffer, width: number, height: number) => ({
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width,
    height,
  });
  return ssim(
    image(decoded.data, decoded.info.width, decoded.info.height),
    image(withAlpha, reference.width, reference.height),
  ).mssim;
}

type Row = { ssim: number[]; bytes: number; ms: number };
const rows = new Map<string, { before: Row; now: Row }>();
const row = (key: string) => {
  if (!rows.has(key)) {
    const empty = () => ({ ssim: [], bytes: 0, ms: 0 });
    rows.set(key, { before: empty(), now: empty() });
  }
  return rows.get(key)!;
};

async function timed(make: () => Sharp): Promise<[Buffer, number]> {
  const started = performance.now();
  const buffer = await make().toBuffer();
  return [buffer, performance.now() - started];
}

const { sources } = resolveSources(mediaRefs(), path.resolve('media'));
// Painted placeholders stand in for photographs until the studio's are in media/; a look's
// pictures are the same placeholders through a lookup table.
const pictures = [...sources].filter(
  ([src, source]) => /\.(jpe?g|png|webp)$/.test(src) && source.kind !== 'look',
);
const sample = pictures.filter((_, index) => index % every === 0);
console.log(`Media quality: ${sample.length} of ${pictures.length} pictures`);

for (const [index, [src, source]] of sample.entries()) {
  const input =
    source.kind === 'file'
      ? sharp(source.file).rotate()
      : source.kind === 'paint'
        ? sharp(await paintPhoto(source.src, source.alt, source.spec.width, source.spec.aspect))
        : null;
  if (!input) continue;
  const full = await input.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const widths = [
    ...new Set([...WIDTHS.filter((w) => w < full.info.width), Math.min(full.info.width, 1920)]),
  ];
  for (const width of widths) {
    const scaled = await raw(full.data, full.info.width, full.info.height)
      .resize(width)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const reference = { data: scaled.data, width: scaled.info.width, height: scaled.info.height };
    const at = () => raw(reference.data, reference.width, reference.height);
    for (const format of ['avif', 'webp'] as const) {
      const entry = row(`${format} ${width}`);
      for (const [which, settings] of [
        ['before', BEFORE[format]],
        ['now', NOW[format]],
      ] as const) {
        const [encoded, ms] = await timed(() =>
          format === 'avif' ? at().avif(settings) : at().webp(settings),
        );
        entry[which].ssim.push(await quality(encoded, reference));
        entry[which].bytes += encoded.length;
        entry[which].ms += ms;
      }
    }
  }
  console.log(`Media quality: ${index + 1}/${sample.length} ${src}`);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `\nBefore: WebP ${JSON.stringify(BEFORE.webp)}, AVIF ${JSON.stringify(BEFORE.avif)}; now: WebP ${JSON.stringify(NOW.webp)}, AVIF ${JSON.stringify(NOW.avif)}\n`,
);
console.log(
  '| Format, width | SSIM before | SSIM now | worst change | Bytes before | Bytes now | Change | Encoding time before → now |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [key, { before, now }] of [...rows].sort()) {
  const worst = Math.min(...now.ssim.map((value, n) => value - before.ssim[n]!));
  console.log(
    `| ${key} | ${mean(before.ssim).toFixed(4)} | ${mean(now.ssim).toFixed(4)} | ${worst.toFixed(4)} | ${kb(before.bytes)} | ${kb(now.bytes)} | ${(((now.bytes - before.bytes) / before.bytes) * 100).toFixed(1)} % | ${(before.ms / 1000).toFixed(1)} s → ${(now.ms / 1000).toFixed(1)} s |`,
  );
}
