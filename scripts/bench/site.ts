// What the benchmark's entries share: the built site served as a CDN would, and its figures' forms.
import { spawn, type ChildProcess } from 'node:child_process';

/** Serves a built site (`out/` unless another folder is given) on the port, as `npm run serve`. */
export function serveSite(port: number, root?: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, PORT: String(port), ...(root && { SERVE_ROOT: root }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    server.stdout!.once('data', () => resolve(server));
    server.once('exit', (code) => reject(new Error(`the static server exited (${code})`)));
  });
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
