/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { presetSlug } from './slug';

describe('presetSlug', () => {
  test.each([
    ['Stoic Pack', 'stoic-pack'],
    ['Regal Tones', 'regal-tones'],
    ['Earthy Tone', 'earthy-tone'],
    ['Soul Tone', 'soul-tone'],
    ['Film Pack', 'film-pack'],
    ['Awaken', 'awaken'],
  ])('%s -> %s', (name, slug) => {
    expect(presetSlug(name)).toBe(slug);
  });

  test('gives an address the content schema accepts, whatever the name', () => {
    expect(presetSlug('Golden Hour Glow')).toBe('golden-hour-glow');
    expect(presetSlug('Bundle & Save')).toBe('bundle-save');
    for (const name of ['Golden Hour Glow', 'Mehndi Night (Warm)', ' Dusk ']) {
      expect(presetSlug(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
