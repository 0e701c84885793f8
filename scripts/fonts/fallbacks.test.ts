/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@jest/globals';

// Run outside Jest: next/jest maps every module path containing "next/font" to a mock, and the
// generator reads the font files with next/font's own fontkit.
test('app/font-fallbacks.css holds the metrics of the fonts lib/fonts.ts loads', () => {
  const generated = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/fonts/fallbacks.ts'],
    {
      encoding: 'utf8',
    },
  );
  expect(generated).toMatch(/font-family: 'Jost fallback';[^}]*size-adjust: \d+\.\d\d%/);
  expect(readFileSync('app/font-fallbacks.css', 'utf8')).toBe(generated);
});
