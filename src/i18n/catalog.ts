import { LOCALES, type Locale } from './langs';
import { server } from './locales/server';

/**
 * The catalogue: one file per namespace under ./locales, each holding all six languages. The
 * one source of user-visible text for app and server alike.
 */
const namespaces = { server };

type Namespaces = typeof namespaces;
export type Messages = { [N in keyof Namespaces]: Namespaces[N]['hk'] };

export const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(Object.entries(namespaces).map(([name, ns]) => [name, ns[locale]])),
  ]),
) as Record<Locale, Messages>;
