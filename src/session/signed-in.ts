import { useSyncExternalStore } from 'react';
import { readSessionCookie } from './session-cookie';

/**
 * Whether a session exists, from the session cookie alone (SPEC §4: the cookie marks the
 * signed-in state). It needs no IndexedDB, so a visitor's pages never load Dexie or the sync
 * worker; the member parts of the app load when this turns true.
 */
export function getToken(): string | null {
  return readSessionCookie()?.token ?? null;
}

/** My user id from the session cookie, with no local database (my own card is told apart by it). */
export function cookieUserId(): number {
  return readSessionCookie()?.userId ?? 0;
}

const listeners = new Set<() => void>();
let signedIn = getToken() !== null;

/** Re-reads the cookie; call after signing in or out, or when another tab may have. */
export function refreshSignedIn(): void {
  const next = getToken() !== null;
  if (next === signedIn) return;
  signedIn = next;
  for (const listener of listeners) listener();
}

/**
 * The account whose database this page opened (src/db/db-name.ts). Another tab that signs in to
 * another account (or switches to an associated one) changes the shared cookies: this page then
 * loads again on that account's database, rather than show one account's rows beside another
 * account's token or act on them (a tab left behind would otherwise sign the other one out).
 * Reading a cookie once a second costs nothing.
 */
const pageUserId = typeof document === 'undefined' ? 0 : cookieUserId();
let leaving = false;

/** This tab itself is moving to another account's database (session.ts signIn). */
export function leavingForAnotherAccount(): void {
  leaving = true;
}

function followOtherTabs(): void {
  if (leaving) return;
  const now = cookieUserId();
  if (pageUserId > 0 && now > 0 && now !== pageUserId) {
    leaving = true;
    location.reload();
  }
}

function onReturn(): void {
  followOtherTabs();
  refreshSignedIn();
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', onReturn);
  window.addEventListener('focus', onReturn);
  setInterval(followOtherTabs, 1000);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => signedIn,
    () => false,
  );
}
