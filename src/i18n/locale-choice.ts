import { loadShell } from 'virtual:cardbook-locale-shells';
import Cookies from 'js-cookie';
import type { Messages } from './catalog';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './langs';

/**
 * Which language the user chose, and its messages' chunk: all the app's entry needs to start
 * fetching them before anything else has loaded (main.tsx).
 */

/** SPEC §9: the choice lives in local storage and in a 180-day cookie. */
const STORAGE_KEY = 'lang';
const COOKIE_DAYS = 180;

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

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

/** One chunk per language (scripts/vite-plugin-locales.ts): a page loads only the one it shows. */
export const loadLanguage = (locale: Locale): Promise<{ default: Messages }> => loadShell(locale);
