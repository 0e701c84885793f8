// Postbuild: rewrites every page of out/ to carry its CSS once (see transform.ts), and gives the
// scripts those pages load at startup V8's compile hint. A page whose markup no longer has the
// shape Next.js gave it fails the build, naming the file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sitePages } from '../site-pages';
import { dropInlinedCssFromPayload, startupScripts, withCompileHint } from './transform';

const out = path.resolve('out');
const pages = sitePages(out);
let before = 0;
let after = 0;
const hinted = new Set<string>();
for (const page of pages) {
  const file = path.join(out, page);
  const html = readFileSync(file, 'utf8');
  let optimized: string;
  try {
    optimized = dropInlinedCssFromPayload(html);
  } catch (error) {
    throw new Error(`out/${page}: ${(error as Error).message}`, { cause: error });
  }
  writeFileSync(file, optimized);
  for (const script of startupScripts(optimized)) hinted.add(script);
  before += html.length;
  after += optimized.length;
}
for (const script of hinted) {
  const file = path.join(out, script.split('?')[0]!);
  writeFileSync(file, withCompileHint(readFileSync(file, 'utf8')));
}
console.log(
  `Rewrote ${pages.length} pages (CSS once): ${Math.round(before / 1024)} KB of HTML → ${Math.round(after / 1024)} KB; compile hints on ${hinted.size} startup scripts.`,
);
