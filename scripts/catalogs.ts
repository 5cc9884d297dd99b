import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Messages, NAMESPACES } from '../src/i18n/catalog.ts';
import { LOCALES, type Locale } from '../src/i18n/langs.ts';

/** The catalogue's folder: `<language>/<namespace>.json`. */
export const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

export function catalogFile(locale: Locale, namespace: string): string {
  return `${LOCALES_DIR}${locale}/${namespace}.json`;
}

/** Every language's messages, read from the catalogue's files (the build and the tests). */
export function readCatalogs(): Record<Locale, Messages> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(catalogFile(locale, ns), 'utf8')) as unknown]),
      ),
    ]),
  ) as Record<Locale, Messages>;
}
