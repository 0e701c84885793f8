import path from 'node:path';
import { buildSync } from 'esbuild';

const folder = path.join(process.cwd(), 'lib', 'inline');
const bundled = new Map<string, string>();

/**
 * An inline script for the layout's `<head>`: `call` (a statement calling a function exported by
 * lib/inline/<module>.ts) bundled with what it imports and minified by esbuild, once per build.
 * The scripts run before any of the site's bundles, so each carries its own code.
 */
export function inlineScript(module: string, call: string): string {
  const key = `${module}\n${call}`;
  let script = bundled.get(key);
  if (script === undefined) {
    const result = buildSync({
      stdin: {
        contents: `import * as m from './${module}';\n${call}`,
        resolveDir: folder,
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2019',
      tsconfig: path.join(process.cwd(), 'tsconfig.json'),
      write: false,
      legalComments: 'none',
    });
    script = result.outputFiles[0]!.text.trim();
    bundled.set(key, script);
  }
  return script;
}
