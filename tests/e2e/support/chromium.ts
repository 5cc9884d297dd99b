import { execSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The browser of the end-to-end tests is Debian's `chromium` (never a downloaded one).
 * Run as a script (`npm run test:e2e` does) it installs it when missing and we are root, or
 * stops with the command to run.
 */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_HINT = 'sudo apt-get install -y chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium to launch; throws a message saying what to run when there is none. */
export function requireChromium(): string {
  const path = chromiumPath();
  if (isExecutable(path)) return path;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(
      `CHROMIUM_PATH is ${path}, which is not an executable. Fix it or unset it to use ${DEFAULT_CHROMIUM}.`,
    );
  }
  throw new Error(`The end-to-end tests need Chromium at ${DEFAULT_CHROMIUM}. Install it with:\n\n  ${INSTALL_HINT}\n`);
}

/** Finds Chromium, installing Debian's package when it is missing and we are root. */
export function ensureChromium(): string {
  const path = chromiumPath();
  if (isExecutable(path) || process.env.CHROMIUM_PATH || process.getuid?.() !== 0) return requireChromium();
  console.log(`Chromium is missing at ${path}; installing Debian's chromium package…`);
  execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', { stdio: 'inherit' });
  return requireChromium();
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
