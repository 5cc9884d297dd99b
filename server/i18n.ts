import type { Locale } from '../src/i18n/langs';
import { server } from '../src/i18n/locales/server';

/** The server reads only its own namespace of the catalogue (the envelope's `msg`, mail). */
export const serverMessages = server;

export type ServerMessageKey = keyof (typeof server)['hk'];
export type MessageParams = Record<string, string | number>;

/** A server message in the caller's language, with {{name}} placeholders filled. */
export function serverText(locale: Locale, key: ServerMessageKey, params: MessageParams = {}): string {
  const template = server[locale][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
