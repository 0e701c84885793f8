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
  | { status: 'ready'; aspect: number }
  | { status: 'unreadable' }
  /** The look did not download (offline, say). */
  | { status: 'failed' };

/** Draws the photo at its working size into `canvas`; false when the browser cannot read it. */
async function drawPhoto(photo: File, canvas: HTMLCanvasElement, maxSide: number) {
  let image: ImageBitmap;
  try {
    // Turned upright by its EXIF orientation; HEIC photos arrive as JPEG from the phone's picker.
    image = await createImageBitmap(photo);
  } catch {
    return false;
  }
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  canvas.width = Math.round(image.width * scale);
  canvas.height = Math.round(image.height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.imageSmoothingQuality = 'high';
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
        setState({ status: 'ready', aspect: before.current!.width / before.current!.height });
        trackEvent('try_on', { item_id: pack.slug, item_name: pack.name });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [photo, lookUrl, pack.slug, pack.name]);

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
      <div hidden={state.status !== 'ready'} className={styles.result}>
        <CompareSlider
          label={label}
          aspectRatio={state.status === 'ready' ? state.aspect : undefined}
          before={<canvas ref={before} role="img" aria-label={photo.name} />}
          after={<canvas ref={after} role="img" aria-label={label} />}
        />
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
          <button type="button" className={button.outline} onClick={() => void download()}>
            {copy.download}
          </button>
        </div>
      </div>
    </div>
  );
}
