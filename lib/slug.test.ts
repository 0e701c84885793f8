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

  test('turns only the first space into a hyphen', () => {
    expect(presetSlug('Golden Hour Glow')).toBe('golden-hour glow');
  });
});
