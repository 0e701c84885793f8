// `npm run bench:taps -- <folder>`: the benchmark's first taps (taps.ts) on this build (out/) and on
// another built site (an older commit's out/, say) in the same run, the two taking turns run by
// run, so that a change is measured against what came before on one machine at one moment: the
// figures of runs on different days move with the machine and the browser. Options: --runs N
// (default 5). How to build an older commit beside this one: docs/performance.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumPath, QUIET_FLAGS } from '../chromium';
import { serveSite } from './site';
import { measureTaps, summarizeTaps, tapTable } from './taps';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const other = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--runs');
if (!other || !existsSync(path.join(other, 'index.html'))) {
  console.error('Usage: npm run bench:taps -- <a built site folder> [--runs N]');
  process.exit(1);
}
const sites = [
  { label: 'this build (out/)', root: undefined, port: 4320 },
  { label: path.resolve(other), root: other, port: 4321 },
];

const servers = await Promise.all(sites.map((site) => serveSite(site.port, site.root)));
const browser = await puppeteer.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', ...QUIET_FLAGS],
});
try {
  const origins = sites.map((site) => `http://127.0.0.1:${site.port}`);
  const results = await measureTaps(browser, origins, runs);
  for (const [index, site] of sites.entries()) {
    console.log(`\n${site.label}, ${runs}× in fresh profiles, medians:\n`);
    console.log(tapTable(summarizeTaps(results[index]!), runs));
  }
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}
