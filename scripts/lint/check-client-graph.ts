// The build's own check of what lint's site/build-time-in-client refuses (Netlify and Cloudflare
// Pages run only `npm run build`): a client component whose values reach a build-time module
// (lib/settings and with it all of content/) stops the build, the way named. First in prebuild.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clientReach, isClientModule } from './client-graph.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const refused: string[] = [];
let clients = 0;
for (const folder of ['app', 'components', 'lib']) {
  for (const name of readdirSync(path.join(root, folder), { recursive: true })) {
    const file = path.join(root, folder, String(name));
    if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    if (!isClientModule(readFileSync(file, 'utf8'))) continue;
    clients += 1;
    const way = clientReach(file, root);
    if (way) refused.push(way.map((step) => path.relative(root, step)).join(' → '));
  }
}
if (refused.length > 0) {
  console.error(
    `Build refused: ${refused.length} client component(s) bring build-time code into the browser (a client component imports only types from build-time modules: pass what it needs as props, or use lib/browser/ and lib/shared/):\n${refused.map((way) => `  ${way}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Client graph: ${clients} client components, none reaches build-time code.`);
