import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';

/**
 * Whether a session exists, from the token cookie alone (SPEC §4: the cookie marks the
 * signed-in state). It needs no IndexedDB, so a visitor's pages never load Dexie or the sync
 * worker; the member parts of the app load when this turns true.
 */
export const TOKEN_COOKIE = 'token';

/** The signed-in user's id, beside the token (0 when unknown). */
export const USER_COOKIE = 'uid';

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

/** My user id from its cookie, with no local database (my own card is told apart by it). */
export function cookieUserId(): number {
  return Number(Cookies.get(USER_COOKIE)) || 0;
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

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', refreshSignedIn);
  window.addEventListener('focus', refreshSignedIn);
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
