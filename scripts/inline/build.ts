// Builds the layout's inline scripts (lib/inline/<module>.ts, each with what it imports) with
// esbuild into lib/inline/scripts.generated.ts, which the layout's components import. Run before
// the build, `next dev`, the type check and the unit tests (npm's pre-scripts): the pages never
// run esbuild themselves, and an edit shows on the next start of any of them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { INLINE_SCRIPTS } from '@/lib/inline/modules';

const folder = path.resolve('lib/inline');
const out = path.join(folder, 'scripts.generated.ts');
const started = Date.now();

const code: Record<string, string> = {};
const scripts = Object.entries(INLINE_SCRIPTS);
for (const [index, [module, call]] of scripts.entries()) {
  console.log(`Inline scripts: ${index + 1} of ${scripts.length}, ${module}…`);
  const result = await build({
    // Only what the call needs is kept: no module wrapper, no unused export.
    stdin: {
      contents: `import { ${call.split('(')[0]} } from './${module}';\n${call};`,
      resolveDir: folder,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    tsconfig: path.resolve('tsconfig.json'),
    write: false,
    legalComments: 'none',
  });
  code[module] = result.outputFiles[0]!.text.trim();
}

writeFileSync(
  out,
  `// Made by scripts/inline/build.ts from lib/inline/: do not edit, and do not commit.\n` +
    `export const inlineCode = ${JSON.stringify(code, null, 2)} as const;\n`,
);
console.log(
  `Inline scripts: ${path.relative(process.cwd(), out)} in ${Date.now() - started} ms ` +
    `(${Object.values(code)
      .map((text) => `${(text.length / 1024).toFixed(1)} KB`)
      .join(', ')}).`,
);
