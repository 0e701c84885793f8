/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { inlineScript } from './script';

describe('the inline scripts, as the layout inlines them', () => {
  test.each([
    ['early-taps', undefined],
    ['first-screen', { jost: ['Jost fallback'] }],
    ['price-tax', { words: 'Includes {tax}', taxes: { VAT: ['DE', 'GB'], IGST: ['IN'] } }],
  ] as const)('%s is one self-contained, minified script', (module, argument) => {
    const script = inlineScript(module, argument);
    expect(script).not.toMatch(/\bimport\b|\brequire\(|\bexport\b/);
    expect(script.split('\n')).toHaveLength(1);
    expect(() => new Function(script)).not.toThrow();
    expect(script.length).toBeLessThan(4000);
    if (argument) expect(script).toContain(JSON.stringify(argument));
    expect(script).not.toContain('INLINE_ARGUMENT');
  });
});
