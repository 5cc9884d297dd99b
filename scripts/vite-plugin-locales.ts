import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type { FeatureNamespace, Messages } from '../src/i18n/catalog';
import { LOCALES, type Locale } from '../src/i18n/langs.ts';

const PREFIX = 'virtual:cardbook-locale/';
const LOADERS = 'virtual:cardbook-locale-loaders';
const CATALOG = fileURLToPath(new URL('../src/i18n/catalog.ts', import.meta.url));
const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

type Catalog = { catalogs: Record<Locale, Messages>; FEATURE_NAMESPACES: readonly FeatureNamespace[] };

/**
 * The catalogue is written with all six languages side by side (so the compiler checks each
 * one has every key), but a page needs only its own language, and the first page only the
 * namespaces every screen uses:
 * - `virtual:cardbook-locale/<lang>`: that language without the feature namespaces;
 * - `virtual:cardbook-locale/<lang>/<ns>`: one feature namespace, `{ [ns]: messages }`;
 * - `virtual:cardbook-locale-loaders`: `loadFeature(lang, ns)`, the import of each of those.
 */
export function localeModules(): Plugin {
  return {
    name: 'cardbook-locale-modules',
    resolveId(id) {
      return id === LOADERS || id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (id !== `\0${LOADERS}` && !id.startsWith(`\0${PREFIX}`)) return null;
      this.addWatchFile(CATALOG);
      // Each file, not the folder: Vite's dev server resolves watched files as modules.
      for (const file of readdirSync(LOCALES_DIR)) this.addWatchFile(join(LOCALES_DIR, file));
      const { module } = await runnerImport<Catalog>(CATALOG);
      const features = module.FEATURE_NAMESPACES;
      if (id === `\0${LOADERS}`) {
        const cases = LOCALES.flatMap((lang) =>
          features.map((ns) => `    case '${lang}/${ns}': return import('${PREFIX}${lang}/${ns}');`),
        );
        return `export function loadFeature(lang, ns) {\n  switch (\`\${lang}/\${ns}\`) {\n${cases.join('\n')}\n    default: return Promise.reject(new Error('no messages ' + lang + '/' + ns));\n  }\n}\n`;
      }
      const [lang, ns] = id.slice(PREFIX.length + 1).split('/') as [Locale, FeatureNamespace | undefined];
      if (!LOCALES.includes(lang)) throw new Error(`unknown locale module ${id}`);
      const messages = module.catalogs[lang];
      if (ns !== undefined) {
        if (!features.includes(ns)) throw new Error(`unknown feature namespace ${id}`);
        return `export default ${JSON.stringify({ [ns]: messages[ns] })};`;
      }
      const shell = Object.fromEntries(
        Object.entries(messages).filter(([name]) => !features.includes(name as FeatureNamespace)),
      );
      return `export default ${JSON.stringify(shell)};`;
    },
  };
}
