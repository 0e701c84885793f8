'use client';

import { useEffect, useRef, useState } from 'react';
import { trackEvent } from '@/components/analytics/analytics';
import { CompareSlider } from '@/components/shop/compare-slider';
import { fillIn } from '@/lib/copy';
import type { ShopCopy } from '@/lib/content/schema';
import { createRenderer, loadLook, MAX_SIDE, webgl2, type Renderer } from '@/lib/try-on/render';
import styles from './try-on-studio.module.css';
import button from '@/components/ui/button.module.css';

export type TryOnStudioProps = {
  photo: File;
  pack: { slug: string; name: string };
  lookUrl: string;
  copy: ShopCopy['tryOn'];
  /** Written in a corner of the downloaded photo. */
  watermark: string;
};

type State =
  | { status: 'working' }
  | { status: 'ready'; width: number; height: number }
  | { status: 'unreadable' }
  /** The look did not download (offline, say). */
  | { status: 'failed' };

/** The photo's size, read from its header (an <img> decodes only when drawn); null if unreadable. */
async function photoSize(photo: File) {
  const url = URL.createObjectURL(photo);
  const image = new Image();
  image.src = url;
  try {
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = reject;
    });
    return { width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Draws the photo at its working size into `canvas`, decoded at that size (a phone never holds a
 * 16000-pixel bitmap), on white: a transparent PNG is seen, tried and saved on white by both
 * renderers. False when the browser cannot read it.
 */
async function drawPhoto(photo: File, canvas: HTMLCanvasElement, maxSide: number) {
  const size = await photoSize(photo);
  if (!size || !size.width || !size.height) return false;
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  canvas.width = Math.max(1, Math.round(size.width * scale));
  canvas.height = Math.max(1, Math.round(size.height * scale));
  let image: ImageBitmap;
  try {
    // Turned upright by its EXIF orientation; HEIC photos arrive as JPEG from the phone's picker.
    image = await createImageBitmap(photo, {
      resizeWidth: canvas.width,
      resizeHeight: canvas.height,
      resizeQuality: 'high',
    });
  } catch {
    return false;
  }
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  image.close();
  return true;
}

/**
 * The try-on itself, loaded when a visitor chooses a photo (components/shop/try-on.tsx): the
 * photo beside itself with the pack's look, a strength control and a download. Nothing leaves
 * the device: the photo is read, drawn and saved in the browser.
 */
export function TryOnStudio({ photo, pack, lookUrl, copy, watermark }: TryOnStudioProps) {
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
      ([readable, lut]) => {
        if (!current) return;
        if (!readable) {
          setState({ status: 'unreadable' });
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
