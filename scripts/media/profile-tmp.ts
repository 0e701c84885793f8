import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { mediaRefs } from '@/lib/content/media-refs';
import { paintPhoto } from './paint';
import { resolveSources } from './sources';
const { sources } = resolveSources(mediaRefs(), path.join(process.cwd(), 'media'));
const all = [...sources].filter(([src]) => /\.(jpe?g|png|webp|avif)$/.test(src));
const kinds: Record<string, number> = {};
const widths: number[] = [];
for (const [, s] of all) {
  kinds[s.kind] = (kinds[s.kind] ?? 0) + 1;
  if (s.kind === 'paint') widths.push(s.spec.width);
}
console.log(kinds, 'paint widths avg', widths.reduce((a, b) => a + b, 0) / widths.length, 'max', Math.max(...widths));
const sample = all.filter(([, s]) => s.kind === 'paint').slice(0, 4);
const ms: Record<string, number> = {};
const add = (k: string, v: number) => (ms[k] = (ms[k] ?? 0) + v);
for (const [, s] of sample) {
  if (s.kind !== 'paint') continue;
  let a = performance.now();
  const jpeg = await paintPhoto(s.src, s.alt, s.spec.width, s.spec.aspect);
  add('paint', performance.now() - a);
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const input = () => sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  for (const w of [240, 480, 800, 1080, 1440, 1920].filter((w) => w <= info.width)) {
    a = performance.now();
    await input().resize(w).webp({ quality: 72, effort: 4 }).toBuffer();
    add(`webp`, performance.now() - a);
    a = performance.now();
    await input().resize(w).avif({ quality: 50, effort: 2 }).toBuffer();
    add(`avif`, performance.now() - a);
    if (w >= 1440) { add(`avif>=1440`, performance.now() - a); }
  }
  a = performance.now();
  await input().resize(960).jpeg({ quality: 78, progressive: true }).toBuffer();
  add('jpeg', performance.now() - a);
}
console.log(Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v / sample.length)])), 'ms per image');
