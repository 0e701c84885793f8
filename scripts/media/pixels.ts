// The pixels a picture is encoded from (scripts/media/build.ts): a photograph turned upright, a
// placeholder painted, or a base with a pack's look applied; each computed once per build.
import sharp, { type Sharp } from 'sharp';
import { applyLut, haldLut, identityHald } from '@/lib/shared/hald';
import { paintPhoto } from './paint';
import { HALD_LEVEL, type Look, type Source } from './sources';
import { applyTone } from './tones';

export type Raw = { data: Buffer; width: number; height: number };

const rawCache = new Map<string, Promise<Raw>>();
const draftCache = new Map<string, Promise<Raw>>();
const lookCache = new Map<string, Promise<Raw>>();

/**
 * A look's table at HALD_LEVEL, as RGB pixels: the studio's PNG (checked to be a HALD) applied to
 * the identity, or the tone applied to it.
 */
export function lookTable(look: Look): Promise<Raw> {
  const known = lookCache.get(look.key);
  if (known) return known;
  const identity = Buffer.from(identityHald(HALD_LEVEL).data);
  const side = HALD_LEVEL ** 3;
  const made =
    look.kind === 'file'
      ? sharp(look.file)
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({
            data: applyLut(identity, 3, haldLut(data, info.width, info.height, 3)),
            width: side,
            height: side,
          }))
      : Promise.resolve({ data: applyTone(identity, look.tone), width: side, height: side });
  lookCache.set(look.key, made);
  return made;
}

/**
 * The source's pixels, at most `draftWidth` wide when given (drafts paint small rather than scale
 * down, which is where their speed comes from); a base shared by several toned pictures is
 * computed once.
 */
export function pixels(source: Source, draftWidth?: number): Promise<Raw> {
  const memo = draftWidth ? draftCache : rawCache;
  const known = memo.get(source.key);
  if (known) return known;
  const toRaw = async (input: Sharp): Promise<Raw> => {
    const { data, info } = await input.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const made =
    source.kind === 'file'
      ? toRaw(
          draftWidth
            ? sharp(source.file).rotate().resize(draftWidth, null, { withoutEnlargement: true })
            : sharp(source.file).rotate(),
        )
      : source.kind === 'paint'
        ? paintPhoto(
            source.src,
            source.alt,
            Math.min(source.spec.width, draftWidth ?? Infinity),
            source.spec.aspect,
          ).then((jpeg) => toRaw(sharp(jpeg)))
        : Promise.all([pixels(source.from, draftWidth), lookTable(source.look)]).then(
            ([base, table]) => ({
              ...base,
              data: applyLut(
                Buffer.from(base.data),
                3,
                haldLut(table.data, table.width, table.height, 3),
              ),
            }),
          );
  memo.set(source.key, made);
  return made;
}
