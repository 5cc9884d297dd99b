/** The six interface languages (SPEC §9) and the `lang` header each one sends (SPEC §7). */
export const LOCALES = ['hk', 'en', 'cn', 'jp', 'kr', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'hk';

export const LANG_HEADER: Record<Locale, string> = {
  hk: 'zh-tw',
  en: 'en-us',
  cn: 'zh-cn',
  jp: 'ja-jp',
  kr: 'ko-kr',
  th: 'th-th',
};

/** Native names, the same in every language, so anyone can find their own (the language picker). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  hk: '繁體中文',
  en: 'English',
  cn: '简体中文',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
};

/** The html lang attribute for each locale, for screen readers and fonts. */
export const HTML_LANG: Record<Locale, string> = {
  hk: 'zh-Hant-HK',
  en: 'en',
  cn: 'zh-Hans',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
};

// The long forms (en-us, zh-tw, …) and SPEC §9's short codes (en, hk, …) both name a language.
const byHeader = new Map<string, Locale>([
  ...Object.entries(LANG_HEADER).map(([locale, header]): [string, Locale] => [header, locale as Locale]),
  ...LOCALES.map((locale): [string, Locale] => [locale, locale]),
]);

/**
 * Maps a `lang` header, long form or short code, any case, to a locale; anything absent or
 * unknown falls back to hk (zh-tw).
 */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  return byHeader.get(header.trim().toLowerCase()) ?? DEFAULT_LOCALE;
}
