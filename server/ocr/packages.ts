/** Files and versions of installed packages, found from this module (so bundled too). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The folder of an installed package, found where Node looks for it: by its package.json, which
 * some packages' `exports` do not let `require.resolve` name.
 */
function packageDir(pkg: string): string {
  for (const modules of require.resolve.paths(pkg) ?? []) {
    const dir = join(modules, pkg);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${pkg} is not installed`);
}

export function packageFile(pkg: string, file: string): string {
  return join(packageDir(pkg), file);
}

export function packageVersion(pkg: string): string {
  return (JSON.parse(readFileSync(packageFile(pkg, 'package.json'), 'utf8')) as { version: string }).version;
}
