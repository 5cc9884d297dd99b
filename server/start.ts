import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * `npm start`, step one (run by tsx, then gone): every build step in one place. The web app is
 * rebuilt when dist is missing or older than its sources (set STATIC_DIR to serve another build
 * and skip that); the server is always bundled to plain JS in dist-server, which `npm start`
 * then runs with node (`exec node dist-server/serve.js`): no TypeScript compiler in the
 * serving process, and npm's signals reach the server itself.
 */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function buildWebApp(): void {
  const built = newestMtime('dist/index.html');
  const sources = Math.max(...['src', 'public', 'sw', 'workers', 'index.html', 'vite.config.ts'].map(newestMtime));
  if (built >= sources) return;
  // The same steps as `npm run build`: the app, the service worker listing its files, then the
  // .br/.gz copies of every text file.
  console.log('Building the web app (vite build, scripts/build-sw.ts, scripts/compress.ts)…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-sw.ts'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress.ts'], { stdio: 'inherit' });
}

const SERVER_OUT_DIR = 'dist-server';

/**
 * The server as ES modules for plain node: its entry, the database preparation child
 * (server/db/prepare.ts runs it by this name) and the OCR line worker (server/ocr/recognizer.ts
 * starts it so), packages left to node_modules. The migrations
 * are copied beside them, where server/db/migrate.ts looks (`./migrations/` from the module);
 * dist-server sits one level down like server/, so server/version.ts finds ../package.json.
 */
async function buildServer(): Promise<void> {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: {
      serve: 'server/serve.ts',
      'prepare-child': 'server/db/prepare-child.ts',
      'line-worker': 'server/ocr/line-worker.ts',
    },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync('server/db/migrations', join(SERVER_OUT_DIR, 'migrations'), { recursive: true });
}

if (!process.env.STATIC_DIR) buildWebApp();
await buildServer();
