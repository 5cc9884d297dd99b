import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type { Messages } from '../src/i18n/catalog';
import { LOCALES, type Locale } from '../src/i18n/langs';

const PREFIX = 'virtual:cardbook-locale/';
const CATALOG = fileURLToPath(new URL('../src/i18n/catalog.ts', import.meta.url));
const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

/**
 * `virtual:cardbook-locale/<locale>` is that one language of the catalogue as a JSON module.
 * The catalogue is written with all six languages side by side (so the compiler checks each
 * one has every key), but a page needs only the language it shows: the app imports just that
 * module, one small chunk per language, instead of all six.
 */
export function localeModules(): Plugin {
  return {
    name: 'cardbook-locale-modules',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1) as Locale;
      if (!LOCALES.includes(locale)) throw new Error(`unknown locale module ${id}`);
      this.addWatchFile(CATALOG);
      this.addWatchFile(LOCALES_DIR);
      const { module } = await runnerImport<{ catalogs: Record<Locale, Messages> }>(CATALOG);
      return `export default ${JSON.stringify(module.catalogs[locale])};`;
    },
  };
}
