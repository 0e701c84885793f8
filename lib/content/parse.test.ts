/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import presetsFile from '@/content/presets.json' with { type: 'json' };
import siteFile from '@/content/site.json' with { type: 'json' };
import { contentFiles } from './files';
import { ContentError, parseContent } from './parse';

const { file, schema } = contentFiles.presets;

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error('expected the content to be rejected');
}

/** A copy of content/presets.json to break. */
const presetsCopy = () => structuredClone(presetsFile) as { presets: Record<string, unknown>[] };

describe('parseContent', () => {
  test('accepts the real content and derives cents from prices', () => {
    const parsed = parseContent(file, schema, presetsFile);
    expect(parsed.presets.map((p) => [p.slug, p.priceCents])).toEqual(
      presetsFile.presets.map((p) => [p.slug, Math.round(p.price * 100)]),
    );
    const priced = presetsCopy();
    priced.presets[0]!.price = 39.99;
    priced.presets[1]!.price = 34.5;
    priced.presets[2]!.price = 40;
    expect(
      parseContent(file, schema, priced)
        .presets.slice(0, 3)
        .map((p) => p.priceCents),
    ).toEqual([3999, 3450, 4000]);
  });

  test('names the file, the list, the entry and the field of a broken entry', () => {
    const broken = presetsCopy();
    broken.presets[1]!.price = '39.99';
    expect(messageOf(() => parseContent(file, schema, broken))).toMatch(
      /content\/presets\.json:\n {2}presets, entry "Regal Tones" \(#2\), field "price"/,
    );
  });

  test('names a nested field such as a missing alt text', () => {
    const broken = structuredClone(presetsFile);
    broken.presets[0]!.gallery[2]!.alt = '  ';
    expect(messageOf(() => parseContent(file, schema, broken))).toContain(
      'presets, entry "Stoic Pack" (#1), field "gallery[2].alt": must not be empty',
    );
  });

  test('rejects a negative price and one with more than two decimals', () => {
    const broken = presetsCopy();
    broken.presets[2]!.price = 34.999;
    broken.presets[3]!.price = -5;
    const message = messageOf(() => parseContent(file, schema, broken));
    expect(message).toContain(
      'entry "Earthy Tone" (#3), field "price": must be a positive amount with at most two decimals',
    );
    expect(message).toContain(
      'entry "Soul Tone" (#4), field "price": must be a positive amount with at most two decimals',
    );
  });

  test('names the field of a file without lists', () => {
    const broken = { ...siteFile, email: 'not-an-address' };
    const { file: siteJson, schema: siteSchema } = contentFiles.site;
    expect(messageOf(() => parseContent(siteJson, siteSchema, broken))).toContain(
      'content/site.json:\n  field "email": must be an e-mail address',
    );
  });

  test('lists every problem, one per line', () => {
    const broken = structuredClone(presetsFile);
    broken.presets[0]!.name = '';
    broken.presets[5]!.comparisons.pop();
    const message = messageOf(() => parseContent(file, schema, broken));
    expect(message).toContain('presets, entry "stoic-pack" (#1), field "name": must not be empty');
    expect(message).toContain(
      'presets, entry "Awaken" (#6), field "comparisons": must hold exactly six before/after pairs',
    );
  });

  test('a duplicate slug names the second entry', () => {
    const broken = presetsCopy();
    broken.presets[4]!.slug = 'stoic-pack';
    expect(messageOf(() => parseContent(file, schema, broken))).toContain(
      'presets, entry "Film Pack" (#5), field "slug": duplicates "stoic-pack"',
    );
  });
});
