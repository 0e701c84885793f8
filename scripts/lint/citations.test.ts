/** @jest-environment node */
// Every file the code and the docs cite by its path from the repository's root exists: a comment
// or a README that sends a newcomer to a file the repository lacks is a broken link.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@jest/globals';

const ROOTS = 'app|components|lib|server|scripts|e2e|docs|admin|content|netlify|types|media';
const CITED = new RegExp(
  String.raw`(?<![\w./-])(?:(?:${ROOTS})/[\w./-]*[\w-]\.(?:ts|tsx|mjs|md|json)|[A-Z][A-Z_]*\.md)(?![\w/])`,
  'g',
);

/** The code and the docs (read from disk: a copy of the project without git reads the same). */
const SOURCES = [
  'app',
  'components',
  'lib',
  'server',
  'scripts',
  'e2e',
  'docs',
  'admin',
  'netlify',
];
const BUILT = /(^|\/)(node_modules|dist|\.data)(\/|$)/;
const files = [
  ...readdirSync('.').filter((name) => /\.(md|ts|mjs|toml)$/.test(name)),
  ...SOURCES.flatMap((folder) =>
    readdirSync(folder, { recursive: true }).map((name) => `${folder}/${String(name)}`),
  ),
].filter(
  (file) =>
    /\.(ts|tsx|mjs|md|yml|toml)$/.test(file) &&
    !BUILT.test(file) &&
    // Tests name files of their own making.
    !/\.test\.tsx?$/.test(file),
);

test('every file cited by its path from the root exists', () => {
  const missing: string[] = [];
  for (const file of files) {
    for (const [cited] of readFileSync(file, 'utf8').matchAll(CITED)) {
      // A README.md beside the citing file is its folder's.
      const beside = file.replace(/[^/]*$/, '') + cited;
      // What server:build makes is cited as it will be once built.
      const built = cited.startsWith('server/dist/');
      if (!built && !existsSync(cited) && !existsSync(beside)) missing.push(`${file}: ${cited}`);
    }
  }
  expect(missing).toEqual([]);
});
