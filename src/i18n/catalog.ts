import { LOCALES, type Locale } from './langs';
import { app } from './locales/app';
import { auth } from './locales/auth';
import { card } from './locales/card';
import { cardscan } from './locales/cardscan';
import { cloud } from './locales/cloud';
import { company } from './locales/company';
import { exchange } from './locales/exchange';
import { friends } from './locales/friends';
import { http } from './locales/http';
import { info } from './locales/info';
import { scan } from './locales/scan';
import { server } from './locales/server';
import { share } from './locales/share';
import { version } from './locales/version';

/**
 * The catalogue: one file per namespace under ./locales, each holding all six languages. The
 * one source of user-visible text for app and server alike.
 */
const namespaces = {
  app,
  auth,
  server,
  http,
  version,
  company,
  card,
  share,
  friends,
  scan,
  cloud,
  cardscan,
  exchange,
  info,
};

/**
 * Namespaces only some screens use: the app loads them with those screens' routes
 * (src/router.tsx), not with the first page. The rest load at start-up.
 */
export const FEATURE_NAMESPACES = [
  'card',
  'company',
  'share',
  'friends',
  'scan',
  'cloud',
  'cardscan',
  'exchange',
  'info',
] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

type Namespaces = typeof namespaces;
export type Messages = { [N in keyof Namespaces]: Namespaces[N]['hk'] };

export const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(Object.entries(namespaces).map(([name, ns]) => [name, ns[locale]])),
  ]),
) as Record<Locale, Messages>;
