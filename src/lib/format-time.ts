import i18next from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/langs';

/**
 * Every date and time the app shows, written the way its interface language writes them
 * ("下午9:18" in Chinese, "9:18 PM" in English), whatever the browser's own language is.
 */
export type TimeStyle = 'dateTime' | 'date' | 'time';

/** The BCP 47 tag Intl formats each interface language with. */
export const INTL_TAG: Record<Locale, string> = {
  hk: 'zh-Hant-HK',
  en: 'en',
  cn: 'zh-Hans-CN',
  jp: 'ja-JP',
  kr: 'ko-KR',
  th: 'th-TH',
};

const OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The interface language (i18next's, as src/i18n's currentLocale reads it; that module needs the build). */
const interfaceLocale = (): Locale =>
  LOCALES.includes(i18next.language as Locale) ? (i18next.language as Locale) : DEFAULT_LOCALE;

/** `at` (epoch ms or a Date) in the interface language, or in `locale` when given. */
export function formatTime(
  at: number | Date,
  style: TimeStyle = 'dateTime',
  locale: Locale = interfaceLocale(),
): string {
  const key = `${locale} ${style}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAG[locale], OPTIONS[style]);
    formatters.set(key, format);
  }
  return format.format(at);
}

/** The device's IANA time zone (e.g. Asia/Hong_Kong), or null when the runtime does not say. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
