import type { Plugin } from 'vite';
import { FEATURE_NAMESPACES, type FeatureNamespace, NAMESPACES } from '../src/i18n/catalog.ts';
import { LOCALES, type Locale } from '../src/i18n/langs.ts';
import { catalogFile, readCatalogs } from './catalogs.ts';

const PREFIX = 'virtual:cardbook-locale/';
const LOADERS = 'virtual:cardbook-locale-loaders';
const SHELLS = 'virtual:cardbook-locale-shells';

/**
 * The catalogue is one JSON file per language and namespace, but a page needs only its own
 * language, and the first page only the namespaces every screen uses:
 * - `virtual:cardbook-locale/<lang>`: that language without the feature namespaces, one chunk;
 * - `virtual:cardbook-locale/<lang>/<ns>`: one feature namespace, `{ [ns]: messages }`;
 * - `virtual:cardbook-locale-shells`: `loadShell(lang)`, the import of the first, for every
 *   language of LOCALES (the entry's, so kept apart from the feature loaders);
 * - `virtual:cardbook-locale-loaders`: `loadFeature(lang, ns)`, the import of each of the second.
 */
export function localeModules(): Plugin {
  return {
    name: 'cardbook-locale-modules',
    resolveId(id) {
      return id === LOADERS || id === SHELLS || id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id !== `\0${LOADERS}` && id !== `\0${SHELLS}` && !id.startsWith(`\0${PREFIX}`)) return null;
      for (const locale of LOCALES) for (const ns of NAMESPACES) this.addWatchFile(catalogFile(locale, ns));
      if (id === `\0${SHELLS}`) return shells();
      if (id === `\0${LOADERS}`) return loaders();
      const [lang, ns] = id.slice(PREFIX.length + 1).split('/') as [Locale, FeatureNamespace | undefined];
      if (!LOCALES.includes(lang)) throw new Error(`unknown locale module ${id}`);
      const messages = readCatalogs()[lang];
      if (ns !== undefined) {
        if (!FEATURE_NAMESPACES.includes(ns)) throw new Error(`unknown feature namespace ${id}`);
        return `export default ${JSON.stringify({ [ns]: messages[ns] })};`;
      }
      const shell = Object.fromEntries(
        Object.entries(messages).filter(([name]) => !FEATURE_NAMESPACES.includes(name as FeatureNamespace)),
      );
      return `export default ${JSON.stringify(shell)};`;
    },
  };
}

const fail = (what: string) => `    default: return Promise.reject(new Error('no messages ' + ${what}));`;

function shells(): string {
  const cases = LOCALES.map((lang) => `    case '${lang}': return import('${PREFIX}${lang}');`);
  return ['export function loadShell(lang) {', '  switch (lang) {', ...cases, fail('lang'), '  }', '}', ''].join('\n');
}

function loaders(): string {
  const features = LOCALES.flatMap((lang) =>
    FEATURE_NAMESPACES.map((ns) => `    case '${lang}/${ns}': return import('${PREFIX}${lang}/${ns}');`),
  );
  return [
    'export function loadFeature(lang, ns) {',
    "  switch (lang + '/' + ns) {",
    ...features,
    fail("lang + '/' + ns"),
    '  }',
    '}',
    '',
  ].join('\n');
}
