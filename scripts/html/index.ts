// Postbuild: rewrites every page of out/ for the first paint (see transform.ts). A page whose
// markup no longer has the shape Next.js gave it fails the build, naming the file.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { optimizePage } from './transform';

const out = path.resolve('out');
const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.html'),
);
let before = 0;
let after = 0;
for (const page of pages) {
  const file = path.join(out, page);
  const html = readFileSync(file, 'utf8');
  let optimized: string;
  try {
    optimized = optimizePage(html);
  } catch (error) {
    throw new Error(`out/${page}: ${(error as Error).message}`, { cause: error });
  }
  writeFileSync(file, optimized);
  before += html.length;
  after += optimized.length;
}
console.log(
  `Rewrote ${pages.length} pages for the first paint: ${Math.round(before / 1024)} KB of HTML → ${Math.round(after / 1024)} KB.`,
);
