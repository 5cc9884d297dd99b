import { execSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The browser of the end-to-end tests is Debian's `chromium` (never a downloaded one).
 * Run as a script (`npm test` does, first) it installs it and the fonts when missing and we
 * are root, or stops with the command to run.
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

/**
 * The fonts card photos are drawn and read with (scripts/card-photos, the OCR tests): Noto CJK
 * for Chinese, Liberation and DejaVu (condensed and light faces) for Latin text.
 */
const FONTS = [
  { pkg: 'fonts-noto-cjk', query: ':lang=zh family', family: 'Noto Sans CJK' },
  { pkg: 'fonts-liberation', query: ': family', family: 'Liberation Serif' },
  { pkg: 'fonts-dejavu-extra', query: ': family', family: 'DejaVu Sans Condensed' },
];

function missingFonts(): string[] {
  return FONTS.filter(({ query, family }) => {
    try {
      return !execSync(`fc-list ${query}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes(family);
    } catch {
      return true;
    }
  }).map((f) => f.pkg);
}

/** Finds Chromium and the fonts, installing Debian's packages when they are missing and we are root. */
export function ensureChromium(): string {
  const path = chromiumPath();
  const missing = [...(isExecutable(path) || process.env.CHROMIUM_PATH ? [] : ['chromium']), ...missingFonts()];
  if (missing.length === 0) return requireChromium();
  if (process.getuid?.() !== 0) {
    if (missing.includes('chromium')) return requireChromium();
    throw new Error(
      `The tests draw card photos with fonts that are missing. Install them with:\n\n  sudo apt-get install -y ${missing.join(' ')}\n`,
    );
  }
  console.log(`Installing Debian's ${missing.join(', ')}…`);
  execSync(`apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
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
