import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { main } from './main';

/**
 * `npm start`: builds the web app when dist is missing or older than its sources, then serves.
 * Set STATIC_DIR to serve another build and skip this check.
 */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (!process.env.STATIC_DIR) {
  const built = newestMtime('dist/index.html');
  const sources = Math.max(...['src', 'public', 'sw', 'workers', 'index.html', 'vite.config.ts'].map(newestMtime));
  if (built < sources) {
    // The same steps as `npm run build`: the app, the service worker listing its files, then
    // the .br/.gz copies of every text file.
    console.log('Building the web app (vite build, scripts/build-sw.ts, scripts/compress.ts)…');
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-sw.ts'], { stdio: 'inherit' });
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress.ts'], { stdio: 'inherit' });
  }
}

await main();
