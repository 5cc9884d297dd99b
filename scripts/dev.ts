import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server on PORT (default 8080; restarted by `tsx watch` when a file it
 * uses changes; no built app: STATIC_DIR is empty) and Vite's dev server with hot reload, which
 * proxies /api, /blobs, /version.json and the live push websockets (/xc, /test/xc) to it (see
 * vite.config.ts). Arguments go to Vite: `npm run dev -- --port 3000 --host`.
 */
const port = process.env.PORT ?? '8080';
const env = { ...process.env, PORT: port };

const children: ChildProcess[] = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'scripts/dev-api.ts'], {
    stdio: 'inherit',
    env: { ...env, STATIC_DIR: '' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...process.argv.slice(2)], { stdio: 'inherit', env }),
];

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.once('exit', (code) => stop(code ?? 0));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
