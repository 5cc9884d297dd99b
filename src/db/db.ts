import { readSessionCookie } from '../session/session-cookie';
import { CardbookDB } from './CardbookDB';
import { dbNameFor, LEGACY_DB_NAME } from './db-name';

/**
 * The database of this page (the user id in the session cookie, read once at start) or of this
 * worker (its name, given by the page that started it).
 */
export function activeDbName(): string {
  if (typeof document === 'undefined') {
    const name = (globalThis as { name?: unknown }).name;
    return typeof name === 'string' && name.startsWith(LEGACY_DB_NAME) ? name : LEGACY_DB_NAME;
  }
  return dbNameFor(readSessionCookie()?.userId ?? 0);
}

export const db = new CardbookDB(activeDbName());
// Which database this page opened, for the browser tests that look into it.
if (typeof document !== 'undefined') document.documentElement.dataset.db = db.name;
