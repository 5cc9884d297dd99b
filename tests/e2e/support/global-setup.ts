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

/** Runs once before the end-to-end files: Chromium must be there and dist/ must be current. */
export default function setup(): void {
  requireChromium();
  const built = newestMtime('dist/index.html');
  if (built === 0 || built < Math.max(...SOURCES.map(newestMtime))) {
    console.log('dist/ is missing or older than its sources: npm run build');
    execSync('npm run build', { stdio: 'inherit' });
  }
}
