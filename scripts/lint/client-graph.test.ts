/** @jest-environment node */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToBuildTime, valueSpecifiers } from './client-graph.mjs';

const root = path.resolve(__dirname, '../..');
// A probe beside the project's own modules, so that `@/` resolves as in the site.
const probe = mkdtempSync(path.join(root, 'components', 'probe-'));
const write = (name: string, source: string) => {
  writeFileSync(path.join(probe, name), source);
  return path.join(probe, name);
};
afterAll(() => rmSync(probe, { recursive: true, force: true }));
const relative = (way: string[] | null) => way?.map((file) => path.relative(root, file));

describe("a client component's reach", () => {
  test('finds the settings reader behind an unmarked module, and names the way', () => {
    write(
      'unmarked.ts',
      "import { settings } from '@/lib/settings';\nexport const site = settings.siteUrl;\n",
    );
    const client = write(
      'client.tsx',
      "'use client';\nimport { site } from './unmarked';\nexport const Probe = () => site;\n",
    );
    const name = path.basename(probe);
    expect(relative(pathToBuildTime(client, root))).toEqual([
      `components/${name}/client.tsx`,
      `components/${name}/unmarked.ts`,
      'lib/settings.ts',
    ]);
  });

  test('a lazy import counts; types alone do not', () => {
    write(
      'types.ts',
      "import type { Settings } from '@/lib/settings';\nexport type S = Settings;\n",
    );
    const typed = write(
      'typed.tsx',
      "'use client';\nimport type { S } from './types';\nimport { type Settings } from '@/lib/settings';\nexport type T = [S, Settings];\n",
    );
    expect(pathToBuildTime(typed, root)).toBeNull();
    const lazy = write(
      'lazy.tsx',
      "'use client';\nexport const load = () => import('./unmarked');\n",
    );
    expect(relative(pathToBuildTime(lazy, root))?.at(-1)).toBe('lib/settings.ts');
  });

  test('reads value imports, re-exports and lazy imports, not type-only ones', () => {
    expect(
      valueSpecifiers(
        [
          "import a from 'a';",
          "import { type B } from 'b';",
          "import type { C } from 'c';",
          "import { type D, e } from 'd';",
          "import 'side-effect';",
          "export { f } from 'f';",
          "export type { G } from 'g';",
          "export * from 'h';",
          "const i = () => import('i');",
        ].join('\n'),
      ),
    ).toEqual(['a', 'd', 'side-effect', 'f', 'h', 'i']);
  });
});

describe('the build', () => {
  test('refuses a client component that reaches the settings by way of an unmarked module', () => {
    write(
      'unmarked.ts',
      "import { settings } from '@/lib/settings';\nexport const site = settings.siteUrl;\n",
    );
    write(
      'client.tsx',
      "'use client';\nimport { site } from './unmarked';\nexport const Probe = () => site;\n",
    );
    // Netlify and Cloudflare Pages run only this. Should the guard go, the build runs on and
    // succeeds (or the test times out): either way this fails.
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    const name = path.basename(probe);
    expect(build.status).toBe(1);
    expect(build.stderr).toContain(
      `components/${name}/client.tsx → components/${name}/unmarked.ts → lib/settings.ts`,
    );
  }, 70_000);
});
