import Cookies from 'js-cookie';
import { type LoginPayload, type Profile, profileResponseSchema } from '../api';
import type { CardbookDB, Session } from '../db';
import { cookieUserId, getToken, refreshSignedIn, TOKEN_COOKIE, USER_COOKIE } from './signed-in';

/**
 * The session (SPEC §4): a `token` cookie of 180 days marks the signed-in state. The same token
 * is kept in IndexedDB so the sync worker, which cannot read cookies, can use it. Signing out
 * (or a 401) clears the token and every local row of that user.
 *
 * Dexie is imported on demand: a visitor with no cookie and no local data never loads it.
 * `LOCAL_DATA` in local storage says whether IndexedDB holds a user's rows that a signed-out
 * start must clear.
 */
const TOKEN_DAYS = 180;
const LOCAL_DATA = 'cardbook:local-user';
/** The signed-in user's id beside the token (not a secret), so a start with wiped storage and no signal knows whose data to rebuild. */

const cookieOptions = () => ({ expires: TOKEN_DAYS, sameSite: 'lax' as const, secure: location.protocol === 'https:' });

/**
 * Asks the browser to keep this site's storage under pressure (and, in browsers that evict the
 * data of sites not visited for days, to keep it): the outbox may hold changes made offline.
 */
function keepStorage(): void {
  void navigator.storage?.persist?.().catch(() => undefined);
}

export { getToken };

const localDb = async (): Promise<CardbookDB> => (await import('../db')).db;

function profileFromLogin(payload: LoginPayload): Profile {
  return {
    user_id: payload.id,
    fullName: payload.fullName,
    name: payload.fullName,
    english_name: '',
    avatar: payload.avatar,
    area: payload.area,
    mobile: payload.mobile,
    email: payload.email,
    sex: payload.sex,
    sex_type: 0,
    age: payload.age,
    profile: payload.profile,
    birth: payload.birth,
    tipEditPassword: !payload.password,
  };
}

async function clearUserData(db: CardbookDB): Promise<void> {
  await db.transaction(
    'rw',
    [db.profile, db.outbox, db.notifications, db.card, db.company, db.uploads, db.groups, db.friends, db.meta],
    async () => {
      await Promise.all([
        db.profile.clear(),
        db.outbox.clear(),
        db.notifications.clear(),
        db.card.clear(),
        db.company.clear(),
        db.uploads.clear(),
        db.groups.clear(),
        db.friends.clear(),
      ]);
      await db.meta.bulkDelete([
        'session',
        'cursor',
        'syncState',
        'pushUnread',
        'pushSound',
        'liveState',
        'exchangeGroup',
        'createdGroups',
      ]);
    },
  );
  localStorage.removeItem(LOCAL_DATA);
}

async function saveSession(db: CardbookDB, session: Session, profile: Profile, replace: boolean): Promise<void> {
  localStorage.setItem(LOCAL_DATA, '1');
  Cookies.set(USER_COOKIE, String(session.userId), cookieOptions());
  keepStorage();
  await db.transaction('rw', db.meta, db.profile, async () => {
    await db.meta.put({ key: 'session', value: session });
    const existing = await db.profile.get('me');
    if (replace || !existing || existing.user_id !== session.userId) await db.profile.put({ ...profile, key: 'me' });
  });
}

export async function signIn(payload: LoginPayload, db?: CardbookDB): Promise<void> {
  const local = db ?? (await localDb());
  const { readSession } = await import('../db/sync-store');
  Cookies.set(TOKEN_COOKIE, payload.token, cookieOptions());
  const previous = await readSession(local);
  if (previous && previous.userId !== payload.id) await clearUserData(local);
  const session = { token: payload.token, userId: payload.id, loginType: payload.login_type };
  await saveSession(local, session, profileFromLogin(payload), false);
  refreshSignedIn();
  if (!db) await (await import('./friend-adds')).sendQueuedFriendAdds();
}

export async function signOut(db?: CardbookDB): Promise<void> {
  Cookies.remove(TOKEN_COOKIE);
  Cookies.remove(USER_COOKIE);
  refreshSignedIn();
  if (db || localStorage.getItem(LOCAL_DATA)) await clearUserData(db ?? (await localDb()));
}

/**
 * At start-up the cookie is the truth: no cookie means signed out (it expired or was cleared);
 * a cookie with another token than IndexedDB's means another sign-in happened.
 */
export async function reconcileSession(db?: CardbookDB): Promise<Session | null> {
  const token = getToken();
  if (!token && !db && !localStorage.getItem(LOCAL_DATA)) return null;
  const local = db ?? (await localDb());
  const { readSession } = await import('../db/sync-store');
  const session = await readSession(local);
  if (!token) {
    if (session) await clearUserData(local);
    return null;
  }
  if (session?.token === token) {
    keepStorage();
    return session;
  }
  if (session) {
    await local.meta.put({ key: 'session', value: { ...session, token } });
    return { ...session, token };
  }
  return adoptToken(local, token);
}

/**
 * A token cookie with nothing local (the browser cleared the site's storage): ask the server
 * whose it is. With no signal the user stays signed in on the token and the user id kept beside
 * it; the sync worker rebuilds every table by pull once the network is back.
 */
async function adoptToken(db: CardbookDB, token: string): Promise<Session | null> {
  const res = await fetch('/api/user/getProfile', { headers: { token } }).catch(() => null);
  if (!res) return provisionalSession(db, token);
  if (res.status === 401) {
    Cookies.remove(TOKEN_COOKIE);
    Cookies.remove(USER_COOKIE);
    refreshSignedIn();
    return null;
  }
  const parsed = profileResponseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return provisionalSession(db, token);
  const session: Session = { token, userId: parsed.data.data.user_id };
  await saveSession(db, session, parsed.data.data, true);
  return session;
}

async function provisionalSession(db: CardbookDB, token: string): Promise<Session> {
  const userId = cookieUserId();
  const session: Session = { token, userId };
  localStorage.setItem(LOCAL_DATA, '1');
  await db.meta.put({ key: 'session', value: session });
  keepStorage();
  // Without a known user id, learn it as soon as the network is back.
  if (!userId) window.addEventListener('online', () => void adoptToken(db, token), { once: true });
  return session;
}
