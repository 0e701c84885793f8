/** @jest-environment node */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaRefs } from '@/lib/content/media-refs';
import { resolveLook, resolveSources } from './sources';

const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-'));
mkdirSync(path.join(mediaDir, 'galleries/wed1'), { recursive: true });
writeFileSync(path.join(mediaDir, 'galleries/wed1/real-photo.jpg'), 'not really a jpeg');
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const where = 'content/galleries.ts, entry "Aarav & Meera" (#1), field "images[3].src"';

describe('resolveSources', () => {
  test('every file the real content references is in media/ or a placeholder', () => {
    const { problems } = resolveSources(mediaRefs(), path.join(process.cwd(), 'media'));
    expect(problems).toEqual([]);
  });

  test('names the content file, entry and field of a missing file', () => {
    const { problems } = resolveSources(
      [{ src: 'galleries/wed1/typo.jpg', alt: 'A photo', where }],
      mediaDir,
    );
    expect(problems).toEqual([
      `${where}: media/galleries/wed1/typo.jpg does not exist (add the file to media/ or correct the path)`,
    ]);
  });

  test('a real file in media/ wins over the placeholder of the same path', () => {
    const { sources } = resolveSources(
      [
        { src: 'galleries/wed1/real-photo.jpg', alt: 'A photo', where },
        { src: 'galleries/wed1/01.jpg', alt: 'A photo', where },
      ],
      mediaDir,
    );
    expect(sources.get('galleries/wed1/real-photo.jpg')?.kind).toBe('file');
    expect(sources.get('galleries/wed1/01.jpg')?.kind).toBe('paint');
  });

  test('an "after" picture is its "before" with the pack\'s look, keyed by both', () => {
    const refs = [{ src: 'presets/stoic-pack/haldi.jpg', alt: 'After', where }];
    const toned = resolveSources(refs, mediaDir).sources.get('presets/stoic-pack/haldi.jpg');
    expect(toned).toMatchObject({
      kind: 'look',
      look: { kind: 'tone' },
      from: { kind: 'paint', src: 'presets/scenes/haldi.jpg' },
    });
    const otherTone = resolveSources(
      [{ ...refs[0]!, src: 'presets/awaken/haldi.jpg' }],
      mediaDir,
    ).sources.get('presets/awaken/haldi.jpg');
    expect(otherTone?.key).not.toBe(toned?.key);
  });

  test('a placeholder paints the same scene whoever asks for it', () => {
    const a = resolveSources(
      [{ src: 'presets/scenes/haldi.jpg', alt: 'Bride laughing', where }],
      mediaDir,
    );
    const b = resolveSources(
      [
        { src: 'presets/stoic-pack/haldi.jpg', alt: 'After', where },
        { src: 'presets/scenes/haldi.jpg', alt: 'Bride laughing', where },
      ],
      mediaDir,
    );
    const stoic = b.sources.get('presets/stoic-pack/haldi.jpg');
    expect(stoic?.kind === 'look' && stoic.from.key).toBe(
      a.sources.get('presets/scenes/haldi.jpg')?.key,
    );
  });

  test("a pack's look is the studio's HALD when it saved one, else made from its tone", () => {
    const refs = [{ src: 'presets/awaken/haldi.jpg', alt: 'After', where }];
    const fromTone = resolveSources(refs, mediaDir).sources.get('presets/awaken/haldi.jpg');
    expect(resolveLook('awaken', mediaDir)).toMatchObject({ kind: 'tone' });

    mkdirSync(path.join(mediaDir, 'presets/awaken'), { recursive: true });
    writeFileSync(path.join(mediaDir, 'presets/awaken/hald.tif'), 'exported from Lightroom');
    expect(resolveLook('awaken', mediaDir)).toMatchObject({ kind: 'file' });
    const fromStudio = resolveSources(refs, mediaDir).sources.get('presets/awaken/haldi.jpg');
    // The "after" pictures follow the studio's look.
    expect(fromStudio?.key).not.toBe(fromTone?.key);
    expect(resolveLook('golden-hour-glow', mediaDir)).toBeUndefined();
  });
});
