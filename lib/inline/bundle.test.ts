/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { inlineScript } from './bundle';

describe('the inline scripts, as the layout inlines them', () => {
  test.each([
    ['early-taps', 'm.earlyTaps();'],
    ['first-screen', 'm.firstScreen({"jost":["Jost fallback"]});'],
  ])('%s is one self-contained, minified script', (module, call) => {
    const script = inlineScript(module, call);
    expect(script).not.toMatch(/\bimport\b|\brequire\(|\bexport\b/);
    expect(script.split('\n')).toHaveLength(1);
    expect(() => new Function(script)).not.toThrow();
    expect(script.length).toBeLessThan(4000);
  });
});
