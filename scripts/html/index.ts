// Postbuild: gives the scripts the exported pages load at startup V8's compile hint
// (compile-hints.ts), then checks every link and writes the redirects of old addresses
// (links.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sitePages } from '../site-pages';
import { settings } from '@/lib/settings';
import { startupScripts, withCompileHint } from './compile-hints';
import { writeLinks } from './links';

const out = path.resolve('out');
const hinted = new Set<string>();
for (const page of sitePages(out)) {
  for (const script of startupScripts(readFileSync(path.join(out, page), 'utf8'))) {
    hinted.add(script);
  }
}
for (const script of hinted) {
  const file = path.join(out, script.split('?')[0]!);
  writeFileSync(file, withCompileHint(readFileSync(file, 'utf8')));
}
console.log(`Compile hints on ${hinted.size} startup scripts.`);

const checked = writeLinks(out, settings.siteUrl);
console.log(`Links: ${checked.links} checked, ${checked.redirects} old addresses redirected.`);
