// Every command the READMEs and the systemd units give for the server runs from what
// `npm run server:build` makes, installed as the server installs it (`npm ci --omit=dev`: no tsx,
// no esbuild, no dev dependency), in production mode.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { startSmtpCapture } from '../testing/smtp-capture';
import { onePayPal } from '../testing/harness';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const app = mkdtempSync(path.join(tmpdir(), 'server-app-'));
const data = path.join(app, 'data');

/** The built commands the documents name: `node server/dist/<…>.mjs`. */
function documented(): Set<string> {
  const documents = [
    'README.md',
    'server/README.md',
    ...readdirSync(path.join(root, 'server/systemd')).map((unit) => `server/systemd/${unit}`),
  ];
  const named = new Set<string>();
  for (const document of documents) {
    const text = readFileSync(path.join(root, document), 'utf8');
    for (const [, file] of text.matchAll(/\bnode (server\/dist\/[\w/.-]+\.mjs)/g)) named.add(file!);
  }
  return named;
}

/** How each built command is run here: its arguments, and what says it did its work. */
const invocations: Record<string, { args: string[]; done: RegExp }> = {
  'server/dist/cli/codes.mjs': {
    args: ['add', 'LAUNCH20', '--percent', '20', '--limit', '100'],
    done: /LAUNCH20/,
  },
  'server/dist/cli/backup.mjs': { args: [], done: /orders-.*\.sqlite/ },
  'server/dist/cli/reconcile.mjs': {
    args: ['--since', '2026-11-25'],
    done: /Reconciled 0 payments/,
  },
  'server/dist/cli/tax-report.mjs': {
    args: ['--quarter', '2026Q4', '--rate', 'EUR=0.92', '--rate', 'GBP=0.79'],
    done: /2026Q4/,
  },
};

let env: NodeJS.ProcessEnv;
let closeFakes: () => Promise<void>;

before(async () => {
  await run('npm', ['run', '--silent', 'server:build'], { cwd: root });
  cpSync(path.join(root, 'server/dist'), path.join(app, 'server/dist'), { recursive: true });
  cpSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  // node_modules as `npm ci --omit=dev` leaves it: the production dependencies and theirs.
  // (npm ls exits 1 over peer ranges it finds invalid; its list is whole all the same.)
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    maxBuffer: 16 << 20,
  }).catch((error: { stdout: string }) => error);
  const top = new RegExp(`^${root}/node_modules/((?:@[^/]+/)?[^/]+)$`);
  for (const line of stdout.split('\n')) {
    const name = top.exec(line)?.[1];
    if (!name) continue;
    mkdirSync(path.dirname(path.join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(line, path.join(app, 'node_modules', name));
  }
  assert.ok(!existsSync(path.join(app, 'node_modules/tsx')), 'tsx is a dev dependency');
  mkdirSync(path.join(data, 'packs'), { recursive: true });
  const paypal = await onePayPal();
  const smtp = await startSmtpCapture();
  closeFakes = async () => {
    paypal.close();
    await smtp.close();
  };
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_ORIGINS: 'https://saanjh.example',
    PUBLIC_URL: 'https://orders.saanjh.example',
    CATALOG_URL: 'http://127.0.0.1:9/catalog.json',
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_CLIENT_ID: 'local-client',
    PAYPAL_CLIENT_SECRET: 'local-secret',
    PAYPAL_WEBHOOK_ID: 'LOCALWEBHOOK01',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Saanjh <orders@saanjh.example>',
    DOWNLOAD_SECRET: 'Zq4-Tn8_wB2xKc7Lm1Ps9Rd3Vf6Hj0Gy',
    PACKS_DIR: path.join(data, 'packs'),
    DATA_DIR: data,
    DATABASE_PATH: path.join(data, 'orders.sqlite'),
    BACKUP_DIR: path.join(data, 'backups'),
  };
});

after(async () => {
  await closeFakes?.();
  rmSync(app, { recursive: true, force: true });
});

test('the documents name only commands server:build makes, each run below', () => {
  const named = documented();
  assert.ok(named.has('server/dist/index.mjs'));
  for (const file of readdirSync(path.join(app, 'server/dist'), { recursive: true })) {
    const built = path.join(app, 'server/dist', String(file));
    if (!built.endsWith('.mjs')) continue;
    assert.doesNotMatch(readFileSync(built, 'utf8'), /createFake|openapi/, `${file} holds no fake`);
  }
  for (const file of named) {
    assert.ok(existsSync(path.join(app, file)), `${file} is built`);
    assert.ok(file === 'server/dist/index.mjs' || invocations[file], `${file} is run here`);
  }
});

test('the service starts in production from the build and answers /health', async () => {
  const child = spawn(process.execPath, ['server/dist/index.mjs'], { cwd: app, env });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const line = out
          .split('\n')
          .find((each) => each.includes('order-confirmation service listening'));
        if (line) resolve((JSON.parse(line) as { url: string }).url);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const health = await fetch(`${url}/health`);
    // No catalogue yet (the site is not there): the shop is closed, and says so.
    assert.equal(health.status, 503);
  } finally {
    child.kill('SIGTERM');
  }
});

for (const [file, { args, done }] of Object.entries(invocations)) {
  test(`node ${file} ${args.join(' ')}`, async () => {
    const { stdout, stderr } = await run(process.execPath, [file, ...args], { cwd: app, env });
    assert.match(stdout + stderr, done);
  });
}
