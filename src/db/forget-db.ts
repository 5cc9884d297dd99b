/**
 * A deleted account's local database is removed at the next start, signed out: this page's sync
 * worker still holds it open (and reopens a database closed under it), but the next page, a
 * visitor's, runs no worker. Plain IndexedDB, so a visitor's page does not load Dexie for it.
 */
const KEY = 'cardbook:forget-db';

export function forgetDatabaseAtNextStart(name: string): void {
  localStorage.setItem(KEY, name);
}

export function forgetPendingDatabase(): void {
  const name = localStorage.getItem(KEY);
  if (!name || typeof indexedDB === 'undefined') return;
  const request = indexedDB.deleteDatabase(name);
  request.onsuccess = () => localStorage.removeItem(KEY);
}
