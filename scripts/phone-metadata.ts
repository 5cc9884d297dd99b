/**
 * Writes src/lib/phone-metadata.json: libphonenumber's mobile metadata for the two areas a
 * mobile can be registered in (SPEC §9: hk, ch), so phone checks ship ~2 KB of metadata to the
 * browser instead of every country's. Run after upgrading libphonenumber-js:
 *   npx tsx scripts/phone-metadata.ts
 * tests/unit/phone.test.ts fails when the committed file differs from what this produces.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const AREA_COUNTRIES = ['HK', 'CN'] as const;
export const PHONE_METADATA_FILE = fileURLToPath(new URL('../src/lib/phone-metadata.json', import.meta.url));

type Metadata = {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
};

export function areaMetadata(): string {
  const path = createRequire(import.meta.url).resolve('libphonenumber-js/metadata.mobile.json');
  const full = JSON.parse(readFileSync(path, 'utf8')) as Metadata;
  const wanted = new Set<string>(AREA_COUNTRIES);
  const codes = Object.fromEntries(
    Object.entries(full.country_calling_codes)
      .map(([code, countries]): [string, string[]] => [code, countries.filter((c) => wanted.has(c))])
      .filter(([, countries]) => countries.length > 0),
  );
  const countries = Object.fromEntries(AREA_COUNTRIES.map((c) => [c, full.countries[c]]));
  return `${JSON.stringify({ version: full.version, country_calling_codes: codes, countries, nonGeographic: {} })}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PHONE_METADATA_FILE, areaMetadata());
  console.log(`wrote ${PHONE_METADATA_FILE}`);
}
