import type app from './locales/hk/app.json';
import type auth from './locales/hk/auth.json';
import type card from './locales/hk/card.json';
import type cardscan from './locales/hk/cardscan.json';
import type cloud from './locales/hk/cloud.json';
import type company from './locales/hk/company.json';
import type exchange from './locales/hk/exchange.json';
import type friends from './locales/hk/friends.json';
import type http from './locales/hk/http.json';
import type info from './locales/hk/info.json';
import type scan from './locales/hk/scan.json';
import type server from './locales/hk/server.json';
import type share from './locales/hk/share.json';
import type version from './locales/hk/version.json';

/**
 * The catalogue: `locales/<language>/<namespace>.json`, i18next's own layout, one file per
 * language and namespace for translators. hk is the reference: every language has each of its
 * keys with the same placeholders (tests/unit/i18n.test.ts). The one source of user-visible text
 * for app and server alike; the app loads one language at a time (scripts/vite-plugin-locales.ts)
 * and the server reads only `server` (server/i18n.ts).
 *
 * - app: the shell (top bar, panels, language picker, sync indicator, empty and error pages);
 * - auth: sign-in, sign-up, password and profile screens;
 * - server: what the server writes into the envelope's `msg`, in the caller's language;
 * - http: the request and error messages of SPEC §8 (status texts, the request layer's
 *   failures, the camera errors); a status text is followed by `checkNetwork`, joined by
 *   `withHint` (the punctuation differs by language);
 * - version: the new-version dialog (SPEC §4, §8);
 * - company: company content under a card, /information/info and its editor;
 * - card: my card, its editor and the parts every card view shares (`errors` holds SPEC §5's
 *   card_list_icon_mail_error and card_list_icon_url_error; label names follow SPEC §3);
 * - share: my QR code and its share sheet, the shared-card page and /noFoundCard;
 * - friends: the friends' lists, search and card overlay;
 * - scan: the QR scanner; cardscan: the paper-card scanners and their review queue;
 * - cloud: the cloud cards' lists, search, groups, overlay, editor and export;
 * - exchange: group card exchange; info: the shop, binding, feedback and information pages.
 */
export type Messages = {
  app: typeof app;
  auth: typeof auth;
  server: typeof server;
  http: typeof http;
  version: typeof version;
  company: typeof company;
  card: typeof card;
  share: typeof share;
  friends: typeof friends;
  scan: typeof scan;
  cloud: typeof cloud;
  cardscan: typeof cardscan;
  exchange: typeof exchange;
  info: typeof info;
};
export type Namespace = keyof Messages;

/**
 * Namespaces only some screens use: the app loads them with those screens' routes
 * (src/router.tsx), not with the first page.
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
] as const satisfies readonly Namespace[];

/** The namespaces every screen may use, loaded at start-up with the language. */
export const SHELL_NAMESPACES = ['app', 'auth', 'server', 'http', 'version'] as const satisfies readonly Namespace[];

export const NAMESPACES: readonly Namespace[] = [...SHELL_NAMESPACES, ...FEATURE_NAMESPACES];
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];
