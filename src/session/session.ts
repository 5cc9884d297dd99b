import Cookies from 'js-cookie';
import { type LoginPayload, type Profile, profileResponseSchema } from '../api';
import { type CardbookDB, db as defaultDb, type Session } from '../db';
import { readSession } from '../db/sync-store';

/**
 * The session (SPEC §4): a `token` cookie of 180 days marks the signed-in state. The same token
 * is kept in IndexedDB so the sync worker, which cannot read cookies, can use it. Signing out
 * (or a 401) clears the token and every local row of that user.
 */
const TOKEN_COOKIE = 'token';
const TOKEN_DAYS = 180;

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

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
  await db.transaction('rw', [db.profile, db.outbox, db.notifications, db.meta], async () => {
    await Promise.all([db.profile.clear(), db.outbox.clear(), db.notifications.clear()]);
    await db.meta.bulkDelete(['session', 'cursor', 'syncState']);
  });
}

export async function signIn(payload: LoginPayload, db: CardbookDB = defaultDb): Promise<void> {
  Cookies.set(TOKEN_COOKIE, payload.token, {
    expires: TOKEN_DAYS,
    sameSite: 'lax',
    secure: location.protocol === 'https:',
  });
  const previous = await readSession(db);
  if (previous && previous.userId !== payload.id) await clearUserData(db);
  await db.transaction('rw', db.meta, db.profile, async () => {
    await db.meta.put({
      key: 'session',
      value: { token: payload.token, userId: payload.id, loginType: payload.login_type },
    });
    const existing = await db.profile.get('me');
    if (!existing || existing.user_id !== payload.id) await db.profile.put({ ...profileFromLogin(payload), key: 'me' });
  });
}

export async function signOut(db: CardbookDB = defaultDb): Promise<void> {
  Cookies.remove(TOKEN_COOKIE);
  await clearUserData(db);
}

/**
 * At start-up the cookie is the truth: no cookie means signed out (it expired or was cleared);
 * a cookie with another token than IndexedDB's means another sign-in happened.
 */
export async function reconcileSession(db: CardbookDB = defaultDb): Promise<Session | null> {
  const token = getToken();
  const session = await readSession(db);
  if (!token) {
    if (session) await clearUserData(db);
    return null;
  }
  if (session?.token === token) return session;
  if (session) {
    await db.meta.put({ key: 'session', value: { ...session, token } });
    return { ...session, token };
  }
  return adoptToken(db, token);
}

/** A token cookie with nothing local (storage was cleared): ask the server whose it is. */
async function adoptToken(db: CardbookDB, token: string): Promise<Session | null> {
  const res = await fetch('/api/user/getProfile', { headers: { token } }).catch(() => null);
  if (!res) return null;
  if (res.status === 401) {
    Cookies.remove(TOKEN_COOKIE);
    return null;
  }
  const parsed = profileResponseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return null;
  const session: Session = { token, userId: parsed.data.data.user_id };
  await db.transaction('rw', db.meta, db.profile, async () => {
    await db.meta.put({ key: 'session', value: session });
    await db.profile.put({ ...parsed.data.data, key: 'me' });
  });
  return session;
}
