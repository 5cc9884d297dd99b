import { readFileSync } from 'node:fs';

/** The app version (SPEC §9), from package.json: one place to bump it. */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
