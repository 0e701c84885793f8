// npm run deploy -- <target folder> [--reload "<command>"]
// npm run rollback -- <target folder> [--to <release>] [--reload "<command>"]
// (README, "Deploying": any host that serves a folder; releases.ts says how a release is laid.)
import { execSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { currentRelease, deploy, rollback } from './releases';
import { readVersion } from './release-version';

const usage = `Usage: npm run deploy -- <target folder> [--reload "<command>"] [--development] [--new-site]
       npm run rollback -- <target folder> [--to <release>] [--reload "<command>"]
  deploy copies out/ into <target>/releases/<time>-<commit>/ with the nginx configuration of its
  headers, and switches <target>/current to it; rollback switches back to the release that was
  live before the current one went live (again: one further back), or to the kept release --to
  names (ls <target>/releases lists them).
  --reload runs a command once the link is switched (nginx: "nginx -s reload" or
  "systemctl reload nginx"), so that the server reads the live release's headers.
  A release's headers are its build's (out/_headers.nginx), whatever this shell's settings. A build
  made with development settings is refused unless --development (a test server); one made for
  another site than the live release's, unless --new-site.`;

const command = process.argv[2];
let values: { reload?: string; development?: boolean; 'new-site'?: boolean; to?: string };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    args: process.argv.slice(3),
    options: {
      reload: { type: 'string' },
      to: { type: 'string' },
      development: { type: 'boolean' },
      'new-site': { type: 'boolean' },
    },
    allowPositionals: true,
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
const [target] = positionals;
if (!target || positionals.length > 1 || (command !== 'deploy' && command !== 'rollback')) {
  console.error(usage);
  process.exit(2);
}

try {
  const before = currentRelease(path.resolve(target));
  const live =
    command === 'deploy'
      ? deploy(path.resolve('out'), path.resolve(target), {
          report: console.log,
          development: values.development,
          newSite: values['new-site'],
        })
      : rollback(path.resolve(target), { to: values.to });
  if (command === 'rollback') {
    const version = readVersion(path.resolve(target, 'releases', live, 'site'));
    const what = version
      ? `, built at ${version.builtAt} from commit ${version.commit?.slice(0, 7) ?? '(unknown)'}`
      : '';
    console.log(
      values.to
        ? `Live: ${live}${what} (was ${before})`
        : `Live again: ${live}${what} (it was live before ${before} went live; rollback again to go one further back)`,
    );
    console.log(
      'The changes published after it are still on the branch the site is built from: the next build of it brings them back.',
    );
  }
  if (values.reload) {
    execSync(values.reload, { stdio: 'inherit' });
    console.log(`Reloaded: ${values.reload}`);
  } else {
    console.log(
      'The server reads the new headers when it reloads its configuration (nginx: nginx -s reload).',
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
