import Cookies from 'js-cookie';

/**
 * The session in the browser's cookies (SPEC §4: a cookie of 180 days marks the signed-in
 * state): the user id and the token together in one cookie, written and removed in one step.
 * With two cookies (versions before kept `token` and `uid` apart) a page loading between the two
 * writes of a sign-in or a switch paired one account's database with another's token, and sent
 * the one account's queued changes with the other's token.
 */
export const SESSION_COOKIE = 'session';
/** The two cookies of versions before, still read (never written) so no one is signed out by the update. */
const LEGACY_TOKEN_COOKIE = 'token';
const LEGACY_USER_COOKIE = 'uid';
const DAYS = 180;

/** A signed-in session as the cookie holds it; userId 0 while the token's user is not known. */
export type CookieSession = { token: string; userId: number };

export const sessionCookieValue = ({ token, userId }: CookieSession) => `${userId}.${token}`;

export function readSessionCookie(): CookieSession | null {
  const raw = Cookies.get(SESSION_COOKIE);
  if (raw) {
    const dot = raw.indexOf('.');
    const userId = Number(raw.slice(0, dot));
    const token = raw.slice(dot + 1);
    if (dot > 0 && Number.isSafeInteger(userId) && userId >= 0 && token !== '') return { token, userId };
  }
  const token = Cookies.get(LEGACY_TOKEN_COOKIE);
  return token ? { token, userId: Number(Cookies.get(LEGACY_USER_COOKIE)) || 0 } : null;
}

/** Writes the session in one cookie write (then drops the cookies of versions before, which it overrides). */
export function writeSessionCookie(session: CookieSession): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  Cookies.set(SESSION_COOKIE, sessionCookieValue(session), { expires: DAYS, sameSite: 'lax', secure });
  Cookies.remove(LEGACY_TOKEN_COOKIE);
  Cookies.remove(LEGACY_USER_COOKIE);
}

/** Signs the browser out: the old cookies first, so no moment reads an older session. */
export function clearSessionCookie(): void {
  Cookies.remove(LEGACY_TOKEN_COOKIE);
  Cookies.remove(LEGACY_USER_COOKIE);
  Cookies.remove(SESSION_COOKIE);
}
