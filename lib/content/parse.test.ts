/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { presets } from '@/content/presets';
import { site } from '@/content/site';
import { ContentError, parseContent } from './parse';
import { presetSchema, siteSchema } from './schema';

const presetList = z.array(presetSchema);

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error('expected the content to be rejected');
}

describe('parseContent', () => {
  test('accepts the real content and derives slugs and cents', () => {
    const parsed = parseContent('content/presets.ts', presetList, presets);
    expect(parsed.map((p) => [p.slug, p.priceCents])).toEqual([
      ['stoic-pack', 3999],
      ['regal-tones', 3999],
      ['earthy-tone', 3499],
      ['soul-tone', 3499],
      ['film-pack', 3499],
      ['awaken', 3499],
    ]);
  });

  test('names the file, the entry and the field of a broken entry', () => {
    const broken = structuredClone(presets);
    (broken[1] as Record<string, unknown>).price = '39.99';
    expect(messageOf(() => parseContent('content/presets.ts', presetList, broken))).toMatch(
      /content\/presets\.ts[\s\S]*entry "Regal Tones" \(#2\), field "price"/,
    );
  });

  test('names a nested field such as a missing alt text', () => {
    const broken = structuredClone(presets);
    broken[0]!.gallery[2]!.alt = '  ';
    expect(messageOf(() => parseContent('content/presets.ts', presetList, broken))).toContain(
      'entry "Stoic Pack" (#1), field "gallery[2].alt": must not be empty',
    );
  });

  test('rejects a price with more than two decimals', () => {
    const broken = structuredClone(presets);
    (broken[2] as Record<string, unknown>).price = 34.999;
    expect(messageOf(() => parseContent('content/presets.ts', presetList, broken))).toContain(
      'field "price": must be a positive amount with at most two decimals',
    );
  });

  test('names the field of a single-entry module', () => {
    const broken = { ...site, email: 'not-an-address' };
    expect(messageOf(() => parseContent('content/site.ts', siteSchema, broken))).toContain(
      'content/site.ts:\n  the module, field "email": must be an e-mail address',
    );
  });

  test('lists every problem, one per line', () => {
    const broken = structuredClone(presets);
    (broken[0] as Record<string, unknown>).name = '';
    broken[5]!.comparisons.pop();
    const message = messageOf(() => parseContent('content/presets.ts', presetList, broken));
    expect(message).toContain('entry "stoic-pack" (#1), field "name": must not be empty');
    expect(message).toContain(
      'entry "Awaken" (#6), field "comparisons": must hold exactly six before/after pairs',
    );
  });
});
