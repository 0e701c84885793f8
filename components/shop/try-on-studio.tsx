'use client';

import { useEffect, useRef, useState } from 'react';
import { trackEvent } from '@/components/analytics/analytics';
import type { CompareSlider } from '@/components/shop/compare-slider';
import { fillIn } from '@/lib/shared/copy';
import type { ShopCopy } from '@/lib/content/schema';
import {
  createRenderer,
  loadLook,
  MAX_SIDE,
  webgl2,
  type Renderer,
} from '@/lib/browser/try-on-render';
import type studioStyles from './try-on-studio.module.css';
import type buttonStyles from '@/components/ui/button.module.css';

export type TryOnStudioProps = {
  photo: File;
  pack: { slug: string; name: string };
  lookUrl: string;
  copy: ShopCopy['tryOn'];
  /** Written in a corner of the downloaded photo. */
  watermark: string;
  /**
   * Its styles and slider, handed over by the page, which already holds them: a module this chunk
   * imported with CSS would make the browser fetch a stylesheet the page has inlined.
   */
  ui: {
    styles: typeof studioStyles;
    button: typeof buttonStyles;
    CompareSlider: typeof CompareSlider;
  };
};

type State =
  | { status: 'working' }
  | { status: 'ready'; width: number; height: number }
  | { status: 'unreadable' }
  | { status: 'tooLarge'; width: number; height: number }
  /** The look did not download (offline, say). */
  | { status: 'failed' };

/**
 * Pixels a PNG or WebP may have: those decode whole before they can be scaled (a 16000-pixel PNG
 * of 0.8 MB would take a gigabyte), where a JPEG is decoded at a fraction of its size.
 */
const MAX_WHOLE_PIXELS = 50_000_000;

type Drawn =
  | { status: 'drawn' }
  | { status: 'unreadable' }
  | { status: 'tooLarge'; width: number; height: number };

/**
 * Draws the photo at its working size into `canvas`, on white: a transparent PNG is seen, tried
 * and saved on white by both renderers. Drawn from an <img>, which the browser decodes at the size
 * it is drawn where the format allows (JPEG: a 16000-pixel photo costs about 60 MB, not a
 * gigabyte; createImageBitmap's resize decodes the whole photo first).
 */
async function drawPhoto(photo: File, canvas: HTMLCanvasElement, maxSide: number): Promise<Drawn> {
  const url = URL.createObjectURL(photo);
  try {
    const image = new Image();
    image.src = url;
    // Reads the header (the size): the pixels are decoded when drawn.
    const loaded = await new Promise<boolean>((resolve) => {
      image.onload = () => resolve(true);
      image.onerror = () => resolve(false);
    });
    const { naturalWidth: width, naturalHeight: height } = image;
    if (!loaded || !width || !height) return { status: 'unreadable' };
    const head = new Uint8Array(await photo.slice(0, 3).arrayBuffer());
    const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    if (!jpeg && width * height > MAX_WHOLE_PIXELS) return { status: 'tooLarge', width, height };
    const scale = Math.min(1, maxSide / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    // Turned upright by its EXIF orientation; HEIC photos arrive as JPEG from the phone's picker.
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { status: 'drawn' };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The try-on itself, loaded when a visitor chooses a photo (components/shop/try-on.tsx): the
 * photo beside itself with the pack's look, a strength control and a download. Nothing leaves
 * the device: the photo is read, drawn and saved in the browser.
 */
export function TryOnStudio({ photo, pack, lookUrl, copy, watermark, ui }: TryOnStudioProps) {
  const { styles, button, CompareSlider } = ui;
  const before = useRef<HTMLCanvasElement>(null);
  const after = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<Renderer | null>(null);
  const [state, setState] = useState<State>({ status: 'working' });
  const [strength, setStrength] = useState(100);
  /** Bumped by Try again, after the look failed to load. */
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const gl = webgl2(after.current!);
    const maxSide = gl
      ? Math.min(MAX_SIDE.webgl2, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number)
      : MAX_SIDE.canvas;
    void Promise.all([drawPhoto(photo, before.current!, maxSide), loadLook(lookUrl)]).then(
      ([drawn, lut]) => {
        if (!current) return;
        if (drawn.status !== 'drawn') {
          setState(drawn);
          return;
        }
        renderer.current = createRenderer(after.current!, gl, before.current!, lut);
        renderer.current.render(1);
        setState({ status: 'ready', width: before.current!.width, height: before.current!.height });
        trackEvent('try_on', { item_id: pack.slug, item_name: pack.name });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [photo, lookUrl, pack.slug, pack.name, attempt]);

  useEffect(() => renderer.current?.render(strength / 100), [strength]);

  const download = async () => {
    const look = after.current!;
    const canvas = document.createElement('canvas');
    canvas.width = look.width;
    canvas.height = look.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(look, 0, 0);
    const size = Math.max(12, Math.round(canvas.width / 60));
    context.font = `${size}px sans-serif`;
    context.textAlign = 'right';
    context.textBaseline = 'bottom';
    context.shadowColor = 'rgb(0 0 0 / 0.6)';
    context.shadowBlur = size / 4;
    context.fillStyle = 'rgb(255 255 255 / 0.8)';
    context.fillText(`${pack.name} · ${watermark}`, canvas.width - size, canvas.height - size);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.92),
    );
    if (!blob) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${photo.name.replace(/\.[^.]*$/, '') || 'photo'}-${pack.slug}.jpg`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  const label = fillIn(copy.compareLabel, { name: pack.name });
  return (
    <div className={styles.studio} aria-busy={state.status === 'working'}>
      <p role="status" className={state.status === 'ready' ? 'visually-hidden' : undefined}>
        {state.status === 'working'
          ? fillIn(copy.preparing, { name: pack.name })
          : state.status === 'ready'
            ? label
            : state.status === 'tooLarge'
              ? fillIn(copy.tooLarge, { width: state.width, height: state.height })
              : copy[state.status]}
      </p>
      {state.status === 'failed' && (
        <button
          type="button"
          className={button.outline}
          onClick={() => {
            setState({ status: 'working' });
            setAttempt((n) => n + 1);
          }}
        >
          {copy.retry}
        </button>
      )}
      <div hidden={state.status !== 'ready'} className={styles.result}>
        {/* No taller than the screen leaves room for, so a portrait photo keeps its controls in view. */}
        <div
          className={styles.frame}
          style={
            state.status === 'ready'
              ? { maxWidth: `calc((100svh - 16rem) * ${state.width / state.height})` }
              : undefined
          }
        >
          <CompareSlider
            label={label}
            aspectRatio={state.status === 'ready' ? state.width / state.height : undefined}
            before={<canvas ref={before} role="img" aria-label={photo.name} />}
            after={<canvas ref={after} role="img" aria-label={label} />}
          />
        </div>
        <div className={styles.controls}>
          <label className={styles.strength}>
            {copy.strength}
            <input
              type="range"
              min={0}
              max={100}
              value={strength}
              onChange={(event) => setStrength(Number(event.target.value))}
              aria-valuetext={`${strength} %`}
            />
            <output>{strength} %</output>
          </label>
          <button
            type="button"
            className={button.outline}
            onClick={() => void download()}
            aria-describedby="try-on-download-size"
          >
            {copy.download}
          </button>
          <p id="try-on-download-size" className={styles.size}>
            {state.status === 'ready' &&
              fillIn(copy.downloadSize, { width: state.width, height: state.height })}
          </p>
        </div>
      </div>
    </div>
  );
}
