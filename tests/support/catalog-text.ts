import { readCatalogs } from '../../scripts/catalogs';
import type { Locale } from '../../src/i18n/langs';
import type { HttpMessageKey, MessageParams, Translate } from '../../src/lib/request/messages';

const catalogs = readCatalogs();

/** A message of the `http` namespace in that language, with {{name}} placeholders filled. */
export function httpText(locale: Locale, key: HttpMessageKey, params: MessageParams = {}): string {
  return catalogs[locale].http[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A translate function reading the catalogue in whatever language is current at each call. */
export function catalogTranslator(getLocale: () => Locale): Translate {
  return (key, params) => httpText(getLocale(), key, params);
}
