import Cookies from 'js-cookie';

/**
 * Each account keeps its own IndexedDB database (`cardbook-u{userId}`), with its own outbox,
 * so switching to an associated account never mixes two accounts' rows, and changes one
 * account queued offline are sent with its token only. `cardbook` is the database of a session
 * whose user is not known yet, and the single database of versions before this one
 * (./legacy-db.ts moves it into its user's).
 */
export const LEGACY_DB_NAME = 'cardbook';

/** The cookie holding the signed-in user's id beside the token (not a secret). */
export const USER_COOKIE = 'uid';

export function dbNameFor(userId: number): string {
  return userId > 0 ? `cardbook-u${userId}` : LEGACY_DB_NAME;
}

/**
 * The database of this page (the `uid` cookie beside the token, read once at start) or of this
 * worker (its name, given by the page that started it).
 */
export function activeDbName(): string {
  if (typeof document === 'undefined') {
    const name = (globalThis as { name?: unknown }).name;
    return typeof name === 'string' && name.startsWith(LEGACY_DB_NAME) ? name : LEGACY_DB_NAME;
  }
  return dbNameFor(Number(Cookies.get(USER_COOKIE)) || 0);
}
