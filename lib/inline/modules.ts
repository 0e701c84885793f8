/**
 * The inline scripts (scripts/inline/build.ts builds each): a module of lib/inline/ and the call
 * that starts it. `INLINE_ARGUMENT` stands for the JSON the page passes (./script.ts).
 */
export const INLINE_SCRIPTS = {
  'early-taps': 'earlyTaps()',
  'first-screen': 'firstScreen(INLINE_ARGUMENT)',
  'price-tax': 'priceTax(INLINE_ARGUMENT)',
} as const;
export type InlineModule = keyof typeof INLINE_SCRIPTS;

/** What the page's argument replaces in a built script. */
export const ARGUMENT = 'INLINE_ARGUMENT';
