// A copy of the project for the CMS tests to edit and build, so that the real content/ is never
// touched: the files git knows (tracked or not ignored), node_modules and the media cache
// hard-linked (the build only adds files to the cache or unlinks them). decap-server edits it as
// `npm run cms` edits a staff member's checkout.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { untilAnswers } from '../answers';

/**
 * The time-out of a test that builds the copy: a build takes 2 to 5 minutes on two quiet cores,
 * several times that beside another test's build or a busy machine; the time-out only catches a
 * hang (a build runs synchronously, so Playwright sees it only once the build has ended).
 */
export const BUILD_TIMEOUT = 20 * 60_000;

/** Where the editor of the e2e build looks for decap-server (lib/cms/config.ts's default). */
const PROXY_PORT = 8081;

export type Workspace = {
  dir: string;
  read(file: string): string;
  write(file: string, data: string | Buffer): void;
  /** `npm run build` in the copy: its exit code and everything it printed. */
  build(): { status: number | null; output: string };
  /** Serves the copy's out/ (or another folder) as scripts/serve.mjs does; resolves to its address. */
  serve(port: number, root?: string): Promise<string>;
  /**
   * What the committed workflow does after a build (npm run report-build): posts its outcome as
   * the commit's status, with the refusal the build wrote, to GitHub at `github`.
   */
  report(
    github: { url: string; repo: string; token: string },
    args: string[],
  ): Promise<{ status: number | null; output: string }>;
  close(): Promise<void>;
};

/** A copy of the project; with `decapServer`, decap-server editing it as `npm run cms` does. */
export async function openWorkspace({ decapServer = true } = {}): Promise<Workspace> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cms-e2e-'));
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  }).stdout.split('\0');
  for (const file of files.filter((name) => name && existsSync(name))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(file, path.join(dir, file));
  }
  for (const folder of ['node_modules', '.cache/media']) {
    if (!existsSync(folder)) continue;
    mkdirSync(path.dirname(path.join(dir, folder)), { recursive: true });
    spawnSync('cp', ['-al', folder, path.join(dir, folder)]);
  }

  const children: ChildProcess[] = [];
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    children.push(child);
  };
  if (decapServer) {
    start(path.join(dir, 'node_modules/.bin/decap-server'), [], {
      PORT: String(PROXY_PORT),
      GIT_REPO_DIRECTORY: dir,
      LOG_LEVEL: 'error',
    });
    await untilAnswers(`http://localhost:${PROXY_PORT}/api/v1`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'info' }),
      },
    });
  }

  return {
    dir,
    read: (file) => readFileSync(path.join(dir, file), 'utf8'),
    write: (file, data) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), data);
    },
    build() {
      const result = spawnSync('npm', ['run', 'build'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
      });
      return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
    },
    // Asynchronous: the fake GitHub it posts to answers in this process.
    report(github, args) {
      const child = spawn('npm', ['run', '--silent', 'report-build', '--', ...args], {
        cwd: dir,
        env: {
          ...process.env,
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: github.repo,
          GITHUB_TOKEN: github.token,
        },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
    },
    async serve(port, root) {
      start('node', ['scripts/serve.mjs'], {
        PORT: String(port),
        ...(root && { SERVE_ROOT: root }),
      });
      const origin = `http://127.0.0.1:${port}`;
      await untilAnswers(`${origin}/`);
      return origin;
    },
    async close() {
      for (const child of children) child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
