/**
 * Where to go after signing in: the screen that sent a visitor to sign in or sign up first (a
 * signed-in route, router.tsx; an exchange room link). Kept in this tab's sessionStorage across
 * the sign-up screens and a Google or Facebook round trip, used once. Only a path of this app
 * (with a plain query, as the consent screen's ?uid=) is kept, never another origin: no open
 * redirect through ?redirect=//evil.example or /\evil.example.
 */
const KEY = 'cardbook.afterSignIn';
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9/_-]{0,200}(\?[A-Za-z0-9=&_-]{1,200})?$/;
/** Where a sign-in goes when nothing asked for somewhere else. */
export const DEFAULT_AFTER_SIGN_IN = '/userHome';

/** `path` when it is a same-origin relative path this app may go to after sign-in, else null. */
export function safeReturnPath(path: unknown): string | null {
  return typeof path === 'string' && SAFE_PATH.test(path) ? path : null;
}

export function rememberReturnPath(path: string): void {
  if (safeReturnPath(path)) sessionStorage.setItem(KEY, path);
}

/** The return path asked for in the address (`/login?redirect=…`), remembered for the sign-in to come. */
export function rememberRequestedReturnPath(search: string): string | null {
  const path = safeReturnPath(new URLSearchParams(search).get('redirect'));
  if (path) rememberReturnPath(path);
  return path;
}

/** The remembered path without using it up (what "Continue" on a sign-in screen goes to). */
export function peekReturnPath(): string | null {
  return safeReturnPath(sessionStorage.getItem(KEY));
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return safeReturnPath(path);
}
