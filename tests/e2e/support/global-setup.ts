import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requireChromium } from './chromium';

const SOURCES = ['src', 'public', 'sw', 'workers', 'index.html', 'vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * Runs once before the end-to-end files: Chromium must be there and dist/ must be current. A
 * build of one's own (E2E_DIST) is taken as it is: never rebuild the shared dist/ for it.
 */
export default function setup(): void {
  requireChromium();
  const own = process.env.E2E_DIST;
  if (own) {
    if (!existsSync(join(own, 'index.html'))) throw new Error(`E2E_DIST=${own} holds no build`);
    return;
  }
  const built = newestMtime('dist/index.html');
  if (built === 0 || built < Math.max(...SOURCES.map(newestMtime))) {
    console.log('dist/ is missing or older than its sources: npm run build');
    execSync('npm run build', { stdio: 'inherit' });
  }
}
