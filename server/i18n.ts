import { catalogs, type Messages } from '../src/i18n/catalog';
import type { Locale } from '../src/i18n/langs';

export type ServerMessageKey = keyof Messages['server'];
export type MessageParams = Record<string, string | number>;

/** A server message in the caller's language, with {{name}} placeholders filled. */
export function serverText(locale: Locale, key: ServerMessageKey, params: MessageParams = {}): string {
  const template = catalogs[locale].server[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
