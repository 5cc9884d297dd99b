import { catalogs, type Messages } from '../../i18n/catalog';
import type { Locale } from '../../i18n/langs';

export type HttpMessageKey = keyof Messages['http'];
export type MessageParams = Record<string, string | number>;
/** Translates a key of the `http` namespace; the app may pass i18next's `t` bound to that namespace. */
export type Translate = (key: HttpMessageKey, params?: MessageParams) => string;

/** A message of the `http` namespace in that language, with {{name}} placeholders filled. */
export function httpText(locale: Locale, key: HttpMessageKey, params: MessageParams = {}): string {
  return catalogs[locale].http[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A translate function reading the catalogue in whatever language is current at each call. */
export function catalogTranslator(getLocale: () => Locale): Translate {
  return (key, params) => httpText(getLocale(), key, params);
}
