/** Files and versions of installed packages, resolved from this module (so bundled too). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export function packageFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

export function packageVersion(pkg: string): string {
  return (JSON.parse(readFileSync(packageFile(pkg, 'package.json'), 'utf8')) as { version: string }).version;
}
