import type { Locale } from '../src/i18n/langs';
import cn from '../src/i18n/locales/cn/server.json';
import en from '../src/i18n/locales/en/server.json';
import hk from '../src/i18n/locales/hk/server.json';
import jp from '../src/i18n/locales/jp/server.json';
import kr from '../src/i18n/locales/kr/server.json';
import th from '../src/i18n/locales/th/server.json';

/** The server reads only its own namespace of the catalogue (the envelope's `msg`, mail). */
export const serverMessages: Record<Locale, typeof hk> = { hk, en, cn, jp, kr, th };

export type ServerMessageKey = keyof typeof hk;
export type MessageParams = Record<string, string | number>;

/** A server message in the caller's language, with {{name}} placeholders filled. */
export function serverText(locale: Locale, key: ServerMessageKey, params: MessageParams = {}): string {
  const template = serverMessages[locale][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
