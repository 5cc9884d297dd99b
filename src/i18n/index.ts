import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { catalogs, type Messages } from './catalog';
import { DEFAULT_LOCALE, LANG_HEADER, LOCALES, type Locale } from './langs';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** SPEC §9: the choice lives in local storage and in a 180-day cookie. */
const STORAGE_KEY = 'lang';
const COOKIE_DAYS = 180;

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export function storedLocale(): Locale {
  const fromStorage = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLocale(fromStorage)) return fromStorage;
  const fromCookie = Cookies.get(STORAGE_KEY);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

export function saveLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEY, locale);
  Cookies.set(STORAGE_KEY, locale, { expires: COOKIE_DAYS, sameSite: 'lax' });
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export function langHeader(): string {
  return LANG_HEADER[currentLocale()];
}

/** The html lang attribute for each locale, for screen readers and fonts. */
const HTML_LANG: Record<Locale, string> = { hk: 'zh-Hant-HK', en: 'en', cn: 'zh-Hans', jp: 'ja', kr: 'ko', th: 'th' };

export async function initI18n(locale: Locale = storedLocale()) {
  await i18next.use(initReactI18next).init({
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: catalogs[l] }])),
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[locale];
  return i18next;
}

export { i18next as i18n };
