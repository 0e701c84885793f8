// Makes the hero film (WebM + MP4 + poster frame) and the galleries' audio loop, deterministically,
// into media/video/ and media/audio/. Needs ffmpeg and sox (Debian: apt-get install ffmpeg sox).
// The results are committed, so the build itself needs neither: run `npm run media:av` only to
// change them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { paintPhoto, rng } from './paint';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 24;
const SECONDS = 8;
const OUT = path.join(process.cwd(), 'media');

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' });

async function film() {
  const frames = mkdtempSync(path.join(tmpdir(), 'hero-'));
  const base = await sharp(
    await paintPhoto(
      'hero-film',
      'Couple silhouetted against a low golden sun on a palace terrace',
      WIDTH * 1.1,
      WIDTH / HEIGHT,
    ),
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const r = rng('hero-film#bokeh');
  const lights = Array.from({ length: 26 }, () => ({
    x: r() * WIDTH,
    y: r() * HEIGHT * 0.7,
    radius: 8 + r() * 46,
    drift: 10 + r() * 30,
    phase: r() * Math.PI * 2,
    opacity: 0.12 + r() * 0.3,
  }));
  const total = FPS * SECONDS;
  for (let frame = 0; frame < total; frame++) {
    // Every motion is periodic over the clip, so the loop has no seam.
    const t = (frame / total) * Math.PI * 2;
    const zoom = 1.05 + 0.04 * Math.sin(t);
    const cropW = Math.round(base.info.width / zoom);
    const cropH = Math.round(base.info.height / zoom);
    const bokeh = lights
      .map((light) => {
        const x = light.x + Math.sin(t + light.phase) * light.drift;
        const y = light.y + Math.cos(t + light.phase) * light.drift * 0.6;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${light.radius.toFixed(1)}" fill="url(#g)" opacity="${light.opacity.toFixed(2)}"/>`;
      })
      .join('');
    const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="g"><stop offset="0" stop-color="#ffe1a8"/><stop offset="0.7" stop-color="#ffc67a" stop-opacity="0.7"/><stop offset="1" stop-color="#ffb35c" stop-opacity="0"/></radialGradient></defs>${bokeh}</svg>`;
    await sharp(base.data, { raw: base.info })
      .extract({
        left: Math.round((base.info.width - cropW) / 2),
        top: Math.round((base.info.height - cropH) / 2),
        width: cropW,
        height: cropH,
      })
      .resize(WIDTH, HEIGHT)
      .composite([{ input: Buffer.from(overlay), blend: 'screen' }])
      .png({ compressionLevel: 1 })
      .toFile(path.join(frames, `${String(frame).padStart(4, '0')}.png`));
  }
  mkdirSync(path.join(OUT, 'video'), { recursive: true });
  const input = [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(FPS),
    '-i',
    path.join(frames, '%04d.png'),
  ];
  run('ffmpeg', [
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-an',
    '-pix_fmt',
    'yuv420p',
    path.join(OUT, 'video/hero.webm'),
  ]);
  run('ffmpeg', [
    ...input,
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-an',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    path.join(OUT, 'video/hero.mp4'),
  ]);
  await sharp(path.join(frames, '0000.png'))
    .jpeg({ quality: 86 })
    .toFile(path.join(OUT, 'video/hero-poster.jpg'));
  rmSync(frames, { recursive: true, force: true });
}

/** A soft, slow plucked melody over a drone in D, thirty-two seconds long, looping cleanly. */
/** sox's arguments for a stereo 44.1 kHz file `file` made from nothing (then synthesised). */
const silence = (file: string) => ['-n', '-r', '44100', '-c', '2', file];

function audio() {
  const dir = mkdtempSync(path.join(tmpdir(), 'audio-'));
  const notes = [
    'D4',
    'F#4',
    'A4',
    'B4',
    'A4',
    'F#4',
    'E4',
    'D4',
    'A3',
    'D4',
    'E4',
    'F#4',
    'E4',
    'D4',
    'B3',
    'A3',
  ];
  const beat = 2;
  const parts = notes.map((note, i) => {
    const file = path.join(dir, `n${i}.wav`);
    run('sox', [
      ...silence(file),
      'synth',
      String(beat),
      'pluck',
      note,
      'fade',
      'q',
      '0.01',
      String(beat),
      '1.6',
      'vol',
      '0.5',
    ]);
    return file;
  });
  const melody = path.join(dir, 'melody.wav');
  run('sox', [...parts, melody]);
  const drone = path.join(dir, 'drone.wav');
  const length = String(notes.length * beat);
  run('sox', [
    ...silence(drone),
    'synth',
    length,
    'sine',
    'D3',
    'sine',
    'A3',
    'vol',
    '0.12',
    'tremolo',
    '0.2',
    '30',
  ]);
  const mixed = path.join(dir, 'mixed.wav');
  run('sox', [
    '-m',
    melody,
    drone,
    mixed,
    'reverb',
    '60',
    '50',
    '90',
    'fade',
    't',
    '1',
    length,
    '1.5',
    'norm',
    '-3',
  ]);
  mkdirSync(path.join(OUT, 'audio'), { recursive: true });
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    mixed,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '96k',
    path.join(OUT, 'audio/gallery-loop.mp3'),
  ]);
  rmSync(dir, { recursive: true, force: true });
}

await film();
audio();
writeFileSync(
  path.join(OUT, 'README.md'),
  'Photographs, films and audio of the site. See the README of the repository: "Changing text, prices and photos".\n',
);
console.log(
  'Wrote media/video/hero.webm, hero.mp4, hero-poster.jpg and media/audio/gallery-loop.mp3',
);
