/**
 * Where to go after signing in, for a screen that sent a visitor to sign in or sign up first (an
 * exchange room link): kept in this tab's sessionStorage across the sign-up screens, used once.
 * Only a path of this app (with a plain query, as the consent screen's ?uid=) is kept, never
 * another origin.
 */
const KEY = 'cardbook.afterSignIn';
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9/_-]{0,200}(\?[A-Za-z0-9=&_-]{1,200})?$/;

export function rememberReturnPath(path: string): void {
  if (SAFE_PATH.test(path)) sessionStorage.setItem(KEY, path);
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path !== null && SAFE_PATH.test(path) ? path : null;
}
